import path from 'node:path';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';

/**
 * Workflow histories to and from Temporal's JSON history format (what `temporal workflow show --output json`
 * writes and the SDK's `historyToJSON`/`historyFromJSON` exchange). The SDK's own two functions fail in this
 * install with "type must be a Type": @temporalio/common and @temporalio/proto each get a private copy of
 * protobufjs 8 (gRPC's proto-loader keeps protobufjs 7 at the top), and protobufjs checks `instanceof Type`
 * against its own copy. The same conversion, done with the protojson of the copy @temporalio/proto's types
 * were built with, works whatever the layout.
 */
type ProtoJson = {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): unknown;
};

const protojson: ProtoJson = require(require.resolve('protobufjs/ext/protojson', { paths: [path.dirname(require.resolve('@temporalio/proto/package.json'))] }));
// The patched root is a protobufjs Root at run time; its declared type is the generated namespace's.
const historyType = (patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown }).lookupType('temporal.api.history.v1.History');

export type History = proto.temporal.api.history.v1.IHistory;

export function historyToJSON(history: History): string {
  return JSON.stringify(protojson.toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history)), null, 2);
}

export function historyFromJSON(json: unknown): History {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as History).events))
    throw new TypeError('a history is an object with an array of events');
  return protojson.fromJson(historyType, json, { ignoreUnknownFields: true }) as History;
}
