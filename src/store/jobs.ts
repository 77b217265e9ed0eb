import type { Db } from './db';

export interface JobRow {
  id: string;
  workspace_id: string | null;
  client_key: string | null;
  kind: string;
  workflow_id: string;
  status: string;
}

export async function insertJob(db: Db, job: { kind: string; workflowId: string; workspaceId?: string; clientKey?: string }): Promise<string> {
  const [row] = await db('jobs')
    .insert({ kind: job.kind, workflow_id: job.workflowId, workspace_id: job.workspaceId ?? null, client_key: job.clientKey ?? null })
    .onConflict('workflow_id')
    .merge(['kind'])
    .returning('id');
  return row.id;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return db('jobs').select('id', 'workspace_id', 'client_key', 'kind', 'workflow_id', 'status').where({ id }).first();
}
