/**
 * Additive schema changes of an object's SQLite tables: the columns a table written before
 * them lacks are added on the object's next construction.
 * @module
 */

/**
 * Adds the columns a table lacks (SQLite has no `ADD COLUMN IF NOT EXISTS`).
 *
 * @example
 * addColumns(sql, 'link_payments', { link_id: 'TEXT' });
 */
export function addColumns(sql: SqlStorage, table: string, columns: Record<string, string>): void {
  const have = new Set(
    sql
      .exec<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
      .toArray()
      .map((row) => row.name),
  );
  for (const [name, type] of Object.entries(columns)) {
    if (!have.has(name)) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
  }
}
