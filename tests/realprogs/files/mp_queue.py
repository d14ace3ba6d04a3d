# multiprocessing.Queue and Process, a Value in shared memory guarded by a Lock, an Event.
import multiprocessing as mp


def double(q, r):
    for item in iter(q.get, None):
        r.put(item * 2)
    r.put(None)


def add(counter, lock, n):
    for _ in range(n):
        with lock:
            counter.value += 1


if __name__ == "__main__":
    q, r = mp.Queue(), mp.Queue()
    p = mp.Process(target=double, args=(q, r))
    p.start()
    for i in range(200):
        q.put(i)
    q.put(None)
    out = list(iter(r.get, None))
    p.join()
    print(sum(out), len(out), p.exitcode)

    counter, lock = mp.Value("i", 0, lock=False), mp.Lock()
    workers = [mp.Process(target=add, args=(counter, lock, 300)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    print(counter.value, [w.exitcode for w in workers])
