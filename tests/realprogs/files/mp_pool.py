# multiprocessing.Pool: worker processes made by fork, tasks and results through pipes guarded
# by process-shared semaphores (sem_open: a file in /dev/shm mapped MAP_SHARED).
import multiprocessing as mp


def square(x):
    return x * x


if __name__ == "__main__":
    with mp.Pool(2) as pool:
        print(sum(pool.map(square, range(2000), chunksize=50)))
        print(pool.apply_async(square, (12,)).get(timeout=600))
        print(sorted(pool.imap_unordered(square, range(10)))[-1])
