# sqlite3 in WAL mode: the -shm index is a file mapped MAP_SHARED; two connections and a
# forked child read and write the same database.
import os
import sqlite3

db = sqlite3.connect("wal.db", isolation_level=None)
print(db.execute("pragma journal_mode=wal").fetchone()[0])
db.execute("create table t(k integer primary key, v text)")
db.executemany("insert into t(v) values (?)", [("row %d" % i,) for i in range(500)])
other = sqlite3.connect("wal.db", isolation_level=None)
print(other.execute("select count(*), sum(length(v)) from t").fetchone())
pid = os.fork()
if pid == 0:
    child = sqlite3.connect("wal.db", isolation_level=None)
    child.execute("insert into t(v) values ('from the child')")
    child.close()
    os._exit(0)
print(os.waitpid(pid, 0)[1])
print(other.execute("select v from t order by k desc limit 1").fetchone()[0])
db.execute("pragma wal_checkpoint(truncate)")
other.close()
db.close()
print(sorted(f for f in os.listdir(".") if f.startswith("wal.db")))
