/* Process-wide kernel state helpers: ending the process, guest time, the random stream. */
#include "process.h"

#include <time.h>

void process_exit(struct process *p, int code)
{
	p->ended = true;
	p->exit_code = code & 0xff;
	p->term_signal = 0;
	if (p->cpu)
		cpu_request_stop(p->cpu);
}

void process_kill(struct process *p, int guest_signal)
{
	p->ended = true;
	p->exit_code = 0;
	p->term_signal = guest_signal;
	if (p->cpu)
		cpu_request_stop(p->cpu);
}

/* Guest time on the instruction clock: one tick (--tick instructions) lasts 1/--hz seconds.
 * CPU clocks count only executed instructions; the wall clocks also count what nanosleep
 * added, so a sleeping guest sees time pass without the host waiting. */
uint64_t process_time_ns(struct process *p, int clock_id)
{
	return process_time_ns_at(p, clock_id, p->cpu ? cpu_retired(p->cpu) : 0);
}

uint64_t process_time_ns_at(struct process *p, int clock_id, uint64_t retired)
{
	bool cpu_clock = clock_id == CLOCK_PROCESS_CPUTIME_ID || clock_id == CLOCK_THREAD_CPUTIME_ID;
	if (p->cfg.host_time) {
		struct timespec ts;
		clock_gettime(clock_id, &ts);
		return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	}
	/* with the --prf cost model, system calls take guest time too */
	retired += p->charged;
	uint64_t per_second = p->cfg.hz * p->cfg.tick;	/* instructions per guest second */
	if (per_second == 0)
		per_second = 1;
	/* Split to avoid overflow: retired can exceed 2^64 / 1e9. */
	uint64_t ns = retired / per_second * 1000000000u +
		      (retired % per_second) * 1000000000u / per_second;
	if (cpu_clock)
		return ns;
	ns += p->sleep_ns;
	bool realtime = clock_id == CLOCK_REALTIME || clock_id == CLOCK_REALTIME_COARSE;
	return realtime ? p->cfg.epoch_ns + ns : ns;
}

/* splitmix64: a tiny, well-known, seedable generator; the stream depends on --seed only. */
uint64_t process_random(struct process *p)
{
	uint64_t z = (p->rng_state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

uint64_t xorshift64s_next(uint64_t *state)
{
	uint64_t x = *state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1du;
}
