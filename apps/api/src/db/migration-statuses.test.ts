import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_STATUSES, TRANSITIONS, type RegistrationStatus } from '@hpbc/shared/registration-workflow';

/*
 * The dashboard's milestones (migration 0028: each registration's first submission and first
 * decision) are kept by triggers on the status history, whose functions name statuses as SQL
 * literals: a migration cannot import the workflow's table (packages/shared/src/
 * registration-workflow.ts). This test holds the two together (decision 131): a status renamed,
 * or a final status added, in the table without a migration that redefines the functions
 * fails here instead of leaving the dashboard's months silently short.
 *
 * The migrations are read as the database runs them, in the journal's order: the functions the
 * history's triggers execute, each as its last `CREATE [OR REPLACE] FUNCTION` defines it. 0028's
 * one-off backfill is not checked: it ran once, with the statuses of its day.
 */

const FOLDER = path.resolve(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(path.join(FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

/** The database's functions and triggers once every migration has run, as their SQL. */
function definitions() {
  const functions = new Map<string, string>();
  const triggers = new Map<string, { table: string; runs: string }>();
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  for (const { tag } of entries) {
    const sql = readFileSync(path.join(FOLDER, `${tag}.sql`), 'utf8');
    for (const chunk of sql.split('--> statement-breakpoint')) {
      // Without its comments, so that only what the database runs is read.
      const statement = chunk.replace(/--[^\n]*/g, '');
      for (const m of statement.matchAll(/DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?(\w+)/gi)) functions.delete(m[1]!);
      for (const m of statement.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)\s*\(/gi))
        functions.set(m[1]!, statement);
      for (const m of statement.matchAll(/DROP\s+TRIGGER\s+(?:IF\s+EXISTS\s+)?(\w+)/gi)) triggers.delete(m[1]!);
      const trigger =
        /CREATE\s+(?:OR\s+REPLACE\s+)?TRIGGER\s+(\w+)[\s\S]*?\bON\s+"?(\w+)"?[\s\S]*?EXECUTE\s+(?:FUNCTION|PROCEDURE)\s+(\w+)\s*\(/gi;
      for (const m of statement.matchAll(trigger)) triggers.set(m[1]!, { table: m[2]!, runs: m[3]! });
    }
  }
  return { functions, triggers };
}

/** Every comparison of a `status` column with literals in `sql`: `"status" = 'X'` or `"status" IN ('X', 'Y')`. */
function statusConditions(sql: string): { op: '=' | 'IN'; statuses: string[] }[] {
  const found: { op: '=' | 'IN'; statuses: string[] }[] = [];
  for (const m of sql.matchAll(/(?<!\w)"?status"?\s*(=|\bIN\b)\s*(\([^)]*\)|'[^']*')/gi)) {
    const statuses = [...m[2]!.matchAll(/'([^']*)'/g)].map((l) => l[1]!);
    found.push({ op: m[1]!.toUpperCase() as '=' | 'IN', statuses });
  }
  return found;
}

const REGISTRATION_TABLES = ['registrations', 'registration_status_history'];
const sorted = (list: Iterable<string>) => [...new Set(list)].sort();

// What the milestones mean, from the workflow's one table of transitions: a registration is
// submitted when it moves to the status its submission ('submit') leads to, and decided when it
// reaches a final status, one that the workflow leads to and no transition leaves.
const SUBMITTED = sorted(TRANSITIONS.filter((t) => t.name === 'submit').map((t) => t.to));
const FINAL: RegistrationStatus[] = REGISTRATION_STATUSES.filter(
  (s) => TRANSITIONS.some((t) => t.to === s) && !TRANSITIONS.some((t) => t.from === s),
);

describe("the milestone triggers' statuses (migration 0028) and the registration workflow", () => {
  const { functions, triggers } = definitions();
  const milestoneFunctions = sorted(
    [...triggers.values()].filter((t) => t.table === 'registration_status_history').map((t) => t.runs),
  );

  it('finds the functions that the status history triggers run, and the workflow has one submitted and final statuses', () => {
    expect(milestoneFunctions).toEqual(['registration_milestones_added', 'registration_milestones_redone']);
    for (const name of milestoneFunctions) expect(functions.has(name), name).toBe(true);
    expect(SUBMITTED).toHaveLength(1);
    expect(FINAL.length).toBeGreaterThan(0);
  });

  // Any function a trigger on the registrations or their history runs (0027's counts per status
  // too): a status it names as a literal is one of the workflow's.
  const registrationFunctions = sorted(
    [...triggers.values()].filter((t) => REGISTRATION_TABLES.includes(t.table)).map((t) => t.runs),
  );
  it.each(registrationFunctions)('%s names no status that the workflow does not have', (name) => {
    for (const { statuses } of statusConditions(functions.get(name)!))
      for (const status of statuses) expect(REGISTRATION_STATUSES, `'${status}' in ${name}`).toContain(status);
  });

  it.each(milestoneFunctions)('%s picks the submission and the final statuses of the workflow', (name) => {
    const conditions = statusConditions(functions.get(name)!);

    // `= 'X'` picks the first submission; an IN list without it picks the first decision; an
    // IN list with it keeps the history rows that count for either.
    const submitted = conditions.filter((c) => c.op === '=');
    const decided = conditions.filter((c) => c.op === 'IN' && !c.statuses.some((s) => SUBMITTED.includes(s)));
    const either = conditions.filter((c) => c.op === 'IN' && c.statuses.some((s) => SUBMITTED.includes(s)));
    expect(submitted.length, `${name} names the submission`).toBeGreaterThan(0);
    expect(decided.length, `${name} names the decisions`).toBeGreaterThan(0);
    for (const c of submitted) expect(c.statuses, `${name}: submitted`).toEqual(SUBMITTED);
    for (const c of decided) expect(sorted(c.statuses), `${name}: decided = the final statuses`).toEqual(sorted(FINAL));
    for (const c of either) expect(sorted(c.statuses), `${name}: either`).toEqual(sorted([...SUBMITTED, ...FINAL]));
  });
});
