import { type Kysely, sql } from 'kysely';

/**
 * The lookup describes the person (docs/risk-score.md, "What each answer covers"): counters over the
 * scans whose report named the user, beside the existing ones over every scan on their linked
 * hardware (which the risk score keeps using). Filled from the stored reports for scans that
 * finished before this migration.
 */

interface ReportRow {
  pin_id: number;
  type: string;
  result: string | null;
  finished_at: number | null;
  detections: string;
  discord: string;
}

export function playerOwnScans() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['own_scans', 'own_cheating_scans', 'own_suspicious_scans', 'own_detections']) {
        await db.schema
          .alterTable('scanned_users')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      for (const column of ['own_first_scan_at', 'own_last_scan_at']) {
        await db.schema.alterTable('scanned_users').addColumn(column, 'bigint').execute();
      }
      await db.schema
        .createTable('user_own_detections')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('scanned_users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_own_detections_pk', ['user_id', 'name'])
        .execute();
      // gamesScanned only ever appears in the lookup, so its set moves to the person's own scans.
      await sql`delete from user_games`.execute(db);

      const reports = await sql<ReportRow>`
        select pins.id as pin_id, pins.type, pins.result, pins.finished_at, r.detections, r.discord
        from pins join scan_reports r on r.pin_id = pins.id
        where pins.status = 'finished' order by pins.id`.execute(db);
      for (const report of reports.rows) {
        const named = new Set((JSON.parse(report.discord) as Array<{ id: string }>).map((d) => d.id));
        const detections = JSON.parse(report.detections) as string[];
        const at = Number(report.finished_at ?? 0);
        for (const discordId of named) {
          const user = await sql<{ id: number }>`
            select id from scanned_users where discord_id = ${discordId}`.execute(db);
          const id = user.rows[0]?.id;
          if (id === undefined) continue;
          await sql`
            update scanned_users set
              own_scans = own_scans + 1,
              own_cheating_scans = own_cheating_scans + ${report.result === 'cheating' ? 1 : 0},
              own_suspicious_scans = own_suspicious_scans + ${report.result === 'suspicious' ? 1 : 0},
              own_detections = own_detections + ${detections.length},
              own_first_scan_at = case when own_first_scan_at is null or own_first_scan_at > ${at}
                then ${at} else own_first_scan_at end,
              own_last_scan_at = case when own_last_scan_at is null or own_last_scan_at < ${at}
                then ${at} else own_last_scan_at end
            where id = ${id}`.execute(db);
          for (const name of new Set(detections)) {
            await sql`insert into user_own_detections (user_id, name) values (${id}, ${name})
              on conflict do nothing`.execute(db);
          }
          await sql`insert into user_games (user_id, name) values (${id}, ${report.type})
            on conflict do nothing`.execute(db);
        }
      }
    },
  };
}
