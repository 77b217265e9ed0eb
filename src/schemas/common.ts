import { z } from './zod';

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ description: 'Human-readable message naming the field or condition' }),
  })
  .passthrough()
  .openapi('Error');

export const HealthSchema = z
  .object({ ok: z.boolean(), error: z.string().optional() })
  .passthrough()
  .openapi('Health');
