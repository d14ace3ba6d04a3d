/* SQLite (the amalgamation, in memory): fills a table of ROWS rows in one transaction, indexes
 * it and runs grouping, joining, LIKE, update and delete queries over it.
 * Use: sqlite_bench [ROWS]. Prints a checksum of every result and a few rows. */
#include <sqlite3.h>
#include <stdio.h>

#include "suite_text.h"

static sqlite3 *db;
static uint32_t h = 2166136261u;

static void check(int rc, const char *what)
{
	if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
		printf("sqlite: %s: %s\n", what, sqlite3_errmsg(db));
		exit(1);
	}
}

/* Runs sql, folds every result cell into the checksum and prints the first `show` rows. */
static void query(const char *sql, int show)
{
	sqlite3_stmt *st;
	check(sqlite3_prepare_v2(db, sql, -1, &st, NULL), sql);
	int rc, rows = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (int c = 0; c < sqlite3_column_count(st); c++) {
			const unsigned char *t = sqlite3_column_text(st, c);
			if (t)
				h = suite_fnv(t, strlen((const char *)t), h);
			if (rows < show)
				printf("%s%s", c ? " | " : "", t ? (const char *)t : "NULL");
		}
		if (rows++ < show)
			printf("\n");
	}
	check(rc, sql);
	sqlite3_finalize(st);
	printf("  (%d rows) fnv %08x\n", rows, (unsigned)h);
}

int main(int argc, char **argv)
{
	unsigned long n = suite_arg(argc, argv, 1, 100000);
	check(sqlite3_open(":memory:", &db), "open");
	check(sqlite3_exec(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, grp INTEGER, val INTEGER, line TEXT);"
			       "CREATE TABLE g(grp INTEGER PRIMARY KEY, label TEXT);", NULL, NULL, NULL), "create");
	sqlite3_stmt *ins;
	check(sqlite3_exec(db, "BEGIN", NULL, NULL, NULL), "begin");
	check(sqlite3_prepare_v2(db, "INSERT INTO t(name, grp, val, line) VALUES (?, ?, ?, ?)", -1, &ins, NULL), "insert");
	struct suite_rng r = { 17 };
	char line[256];
	for (unsigned long i = 0; i < n; i++) {
		uint32_t k = suite_next(&r);
		char name[16];
		snprintf(name, sizeof(name), "%s%s%s", suite_syllables[k % SUITE_SYLLABLES],
			 suite_syllables[(k >> 5) % SUITE_SYLLABLES], suite_syllables[(k >> 10) % SUITE_SYLLABLES]);
		size_t len = suite_line(&r, line, 0);
		sqlite3_bind_text(ins, 1, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(ins, 2, (int)((k >> 15) % 97));
		sqlite3_bind_int(ins, 3, (int)(suite_next(&r) % 100000));
		sqlite3_bind_text(ins, 4, line, (int)len - 1, SQLITE_TRANSIENT);
		check(sqlite3_step(ins), "insert");
		sqlite3_reset(ins);
	}
	sqlite3_finalize(ins);
	for (int g = 0; g < 97; g++) {
		char sql[128];
		snprintf(sql, sizeof(sql), "INSERT INTO g VALUES (%d, 'group %c%d')", g, 'a' + g % 26, g);
		check(sqlite3_exec(db, sql, NULL, NULL, NULL), "insert g");
	}
	check(sqlite3_exec(db, "COMMIT; CREATE INDEX t_grp ON t(grp, val); CREATE INDEX t_name ON t(name);",
			   NULL, NULL, NULL), "index");
	query("SELECT grp, count(*), sum(val), min(name), max(name) FROM t GROUP BY grp ORDER BY sum(val) DESC", 3);
	query("SELECT name, count(*) AS c FROM t WHERE line LIKE '%ka%ment%' GROUP BY name ORDER BY c DESC, name LIMIT 20", 3);
	query("SELECT g.label, count(*), avg(t.val) / 1000 FROM t JOIN g USING (grp) WHERE t.val BETWEEN 20000 AND 60000 "
	      "GROUP BY g.label HAVING count(*) > 10 ORDER BY 2 DESC, 1", 3);
	query("SELECT a.id, b.id FROM t a JOIN t b ON b.name = a.name AND b.id > a.id AND b.grp = a.grp "
	      "ORDER BY a.val + b.val DESC, a.id LIMIT 50", 3);
	query("SELECT substr(line, 1, 7) AS month, count(*), sum(length(line)) FROM t GROUP BY month ORDER BY month", 3);
	check(sqlite3_exec(db, "UPDATE t SET val = val / 2 + grp WHERE grp % 3 = 0; DELETE FROM t WHERE val % 7 = 1;",
			   NULL, NULL, NULL), "update");
	query("SELECT count(*), sum(val), count(DISTINCT name) FROM t", 1);
	query("SELECT id, name, val FROM t WHERE grp = 42 ORDER BY val DESC, id LIMIT 100", 3);
	sqlite3_close(db);
	printf("checksum %08x\n", (unsigned)h);
	return 0;
}
