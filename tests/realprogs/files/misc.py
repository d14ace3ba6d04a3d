# The standard library's pure and C parts: hashing, compression, json, re, decimal, threads.
import decimal
import hashlib
import json
import re
import threading
import zlib

data = "".join("%d:%s\n" % (i, "x" * (i % 17)) for i in range(5000)).encode()
print(hashlib.sha256(data).hexdigest(), hashlib.md5(data).hexdigest())
print(len(zlib.compress(data, 9)), zlib.crc32(data))
print(json.dumps({"b": [1, 2.5, None], "a": {"c": "d"}}, sort_keys=True))
print(len(re.findall(rb"\d+:x{16}", data)))
decimal.getcontext().prec = 40
print(decimal.Decimal(2).sqrt())
total = []
lock = threading.Lock()


def work(n):
    s = sum(i * i for i in range(n))
    with lock:
        total.append(s)


threads = [threading.Thread(target=work, args=(10000 + i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(total))
