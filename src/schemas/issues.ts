import type { z } from 'zod';

/** One validation problem: the field's path and what is wrong with it, worded for whoever sent it. */
export interface FieldIssue {
  path: string[];
  message: string;
}

/** zod's issues with a plainer word for a missing field ("is required" rather than "expected string, received undefined"). */
export function fieldIssues(error: z.ZodError, input: unknown): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String);
    const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    return { path, message: missing ? 'is required' : issue.message };
  });
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
