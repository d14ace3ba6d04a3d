# Debian's python3: a JSON round trip (dumps then loads) of a nested document, ROUNDS times,
# plus the dictionary and string work around it. Use: python3 json_roundtrip.py [ROUNDS].
# Written for this suite; prints a checksum of the results (no hash-seed dependent order).
import json
import sys
import zlib

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 40
seed = 12345


def rand(m):
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return (seed >> 16) % m


doc = {
    "users": [
        {
            "id": i,
            "name": "user%d" % rand(100000),
            "score": rand(10000) / 7.0,
            "tags": ["t%d" % rand(50) for _ in range(rand(6))],
            "active": rand(2) == 1,
            "address": {"city": "c%d" % rand(300), "zip": "%05d" % rand(100000)},
        }
        for i in range(2000)
    ],
    "meta": {"version": 3, "note": "suite \u00e9t\u00e9 \u2603"},
}

crc = 0
for r in range(rounds):
    text = json.dumps(doc, sort_keys=True)
    back = json.loads(text)
    back["meta"]["round"] = r
    best = max(back["users"], key=lambda u: (u["score"], u["id"]))
    tags = {}
    for u in back["users"]:
        for t in u["tags"]:
            tags[t] = tags.get(t, 0) + 1
    crc = zlib.crc32(text.encode(), crc)
    crc = zlib.crc32(repr(sorted(tags.items())).encode(), crc)
    crc = zlib.crc32(str(best["id"]).encode(), crc)
print("%d rounds, %d bytes, crc %08x" % (rounds, len(text), crc))
