/* See guest_config.h. */
#include "guest_config.h"

#include <stdio.h>

void guest_config_from_options(struct process *p, const struct options *o)
{
	p->cfg.seed = o->seed;
	p->cfg.hz = o->hz;
	p->cfg.tick = o->tick;
	p->cfg.host_time = o->host_time;
	p->cfg.strace = o->strace ? stderr : NULL;
	p->cfg.epoch_ns = (uint64_t)GUEST_EPOCH_SECONDS * 1000000000u;
	p->cfg.pid = o->pid;
	p->cfg.jitter = o->jitter;
	p->cfg.explain = o->explain;
	p->rng_state = o->seed;
}
