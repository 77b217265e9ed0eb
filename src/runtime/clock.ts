// Time as the server, the worker and the CLI see it. The Clock lives with the typed client (src/client/clock.ts),
// which may load nothing but Node built-ins and its own files; everything else takes it from here.
export { type Clock, systemClock, type TimerHandle } from '../client/clock';
