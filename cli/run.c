/* From options to an exit status: probe, load, build the stack, run, report. */
#include "run.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <unistd.h>

#include "../loader/loader.h"
#include "../symbols/objmap_elf.h"
#include "../symbols/symbolizer.h"
#include "../syscalls/proc_view.h"
#include "../syscalls/process.h"
#include "guest_config.h"
#include "observers.h"
#include "prf_mode.h"
#include "prf_run.h"
#include "report.h"
#include "run_loop.h"
#include "run_dos.h"

/* What the CPU's events reach: the process and the run's observers. */
struct run_ctx {
	struct process *p;
	struct observers obs;
	bool trace_insns;	/* --trace-insns: every tick is a trace line, nothing else */
};

/* --trace-insns: the state after each retired instruction, as qemu's -d cpu shows it before
 * the next one: "trace PC R0 .. R31" in hex. A debugging aid (slow: a tick per instruction);
 * the normal tick handler never sees these ticks, so profiling is off while tracing. */
static uint64_t trace_tick(struct run_ctx *rc, uint64_t pc)
{
	struct cpu *cpu = rc->p->cpu;
	char line[16 + 33 * 17];
	int n = snprintf(line, sizeof(line), "trace %" PRIx64, pc);
	for (int r = 0; r < 32 && n > 0 && (size_t)n < sizeof(line); r++)
		n += snprintf(line + n, sizeof(line) - (size_t)n, " %" PRIx64, cpu_reg(cpu, r));
	fprintf(stderr, "%s\n", line);
	return 1;
}

static void ev_syscall(void *ctx)
{
	sys_dispatch(((struct run_ctx *)ctx)->p);
}

static void ev_interrupt(void *ctx, unsigned vector)
{
	struct process *p = ((struct run_ctx *)ctx)->p;
	p->abi->interrupt(p, vector);
}

static void ev_breakpoint(void *ctx, uint64_t addr)
{
	process_on_breakpoint(((struct run_ctx *)ctx)->p, addr);
}

static uint64_t ev_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct run_ctx *rc = ctx;
	if (rc->trace_insns)
		return trace_tick(rc, pc);
	return observers_tick(&rc->obs, pc, retired);
}

static void ev_call(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired)
{
	observers_call(&((struct run_ctx *)ctx)->obs, site, ret_addr, target, retired);
}

static void ev_ret(void *ctx, uint64_t target, uint64_t retired)
{
	observers_ret(&((struct run_ctx *)ctx)->obs, target, retired);
}

static int load_status(enum load_error e)
{
	return e == LOAD_NOT_FOUND ? EXIT_NOT_FOUND : EXIT_CANNOT_EXECUTE;
}

/* Creates the process with its memory, CPU, image and stack. Returns 0 or an exit status. */
static int start_process(struct run_ctx *rc, const struct options *o, const struct elf_probe *probe,
			 struct elf_image *img)
{
	struct process *p = rc->p;
	char err[512];
	const struct sys_abi *abi = sys_abi_for_arch(probe->arch);
	const struct addr_layout *lay = addr_layout_for(probe->arch);
	if (!abi || !lay) {
		fprintf(stderr, "profemu: %s: %s programs are not supported yet\n", o->program,
			cpu_arch_name(probe->arch));
		return EXIT_CANNOT_EXECUTE;
	}
	p->arch = probe->arch;
	p->abi = abi;
	guest_config_from_options(p, o);
	p->cfg.sysroot = o->sysroot ? o->sysroot : abi->default_sysroot;
	p->cfg.quantum = o->quantum;
	p->cfg.sched_seeded = o->sched_seeded;
	p->cfg.sched_seed = o->sched_seed;
	p->cfg.pass_on = o->pass_on;
	p->cfg.pass_on_count = o->pass_on_count;
	/* the clock's one rule: the cost model only when asked for, whatever the outputs */
	p->syscall_costs = o->syscall_cost;
	struct prof_config pc = {
		.personality = (enum prof_personality)o->personality,
		.word_size = probe->word_size,
		.profil_max = o->profil_max,
		.tick_usec = 1000000u / o->hz,
	};
	if (prof_init(&p->prof, &pc) != 0) {
		fprintf(stderr, "profemu: out of memory\n");
		return EXIT_CANNOT_EXECUTE;
	}
	gm_init(&p->mem, lay->page_size, lay->addr_limit, probe->big_endian, probe->word_size);

	struct cpu_config cc = {
		.arch = probe->arch,
		.mem = &p->mem,
		.events = { .ctx = rc, .syscall = ev_syscall, .tick = ev_tick,
			    .breakpoint = ev_breakpoint },
		.max_insns = o->max_insns,
		.first_tick = rc->trace_insns ? 1 : process_first_tick(p),
	};
	if (abi->interrupt)
		cc.events.interrupt = ev_interrupt;
	if (observers_watch_calls(&rc->obs)) {
		/* calls and returns are watched only when a profile needs them */
		cc.events.call = ev_call;
		if (observers_watch_returns(&rc->obs))
			cc.events.ret = ev_ret;
	}
	p->cpu = cpu_create(&cc, err, sizeof(err));
	if (!p->cpu) {
		fprintf(stderr, "profemu: %s: %s\n", o->program, err);
		return EXIT_CANNOT_EXECUTE;
	}
	enum load_error le = elf_load(&p->mem, lay, o->program, p->cfg.sysroot, img, err, sizeof(err));
	if (le != LOAD_OK) {
		fprintf(stderr, "profemu: %s: %s\n", o->program, err);
		return load_status(le);
	}
	if (!realpath(o->program, p->exe_path))
		snprintf(p->exe_path, sizeof(p->exe_path), "%s", o->program);
	snprintf(p->exe_guest_path, sizeof(p->exe_guest_path), "%s", o->program);
	p->brk_start = p->brk_cur = img->brk;
	p->mmap_lo = lay->mmap_lo;
	p->mmap_hi = lay->mmap_hi;
	p->mmap_floor = lay->mmap_floor;
	p->mmap_ceiling = lay->mmap_ceiling;

	/* The guest's argv: -0 replaces argv[0] (execve passes the program's own). */
	char **argv = calloc((size_t)o->argc + 1, sizeof(*argv));
	if (!argv)
		return EXIT_CANNOT_EXECUTE;
	for (int i = 0; i < o->argc; i++)
		argv[i] = o->argv[i];
	if (o->argv0)
		argv[0] = (char *)o->argv0;
	tree_attach(&p->tree, o->tree_path, p->cfg.pid, argv, o->argc);
	struct stack_params sp = {
		.argc = o->argc,
		.argv = argv,
		.envp = o->env,
		.execfn = o->program,
		.platform = abi->platform,
		.clktck = o->hz,
		.uid = (uint32_t)getuid(),
		.gid = (uint32_t)getgid(),
	};
	uint64_t r0 = process_random(p), r1 = process_random(p);
	bo_put64(sp.random, r0, BO_LITTLE);
	bo_put64(sp.random + 8, r1, BO_LITTLE);
	struct initial_stack is;
	int serr = stack_build_at(&p->mem, lay, img, &sp, &is);
	free(argv);
	if (serr) {
		fprintf(stderr, "profemu: %s: cannot build the initial stack: %s\n", o->program,
			strerror(-serr));
		return EXIT_CANNOT_EXECUTE;
	}
	proc_view_note_stack(p, is.envp_at, is.auxv_at);	/* /proc/self/environ, auxv */
	/* hppa's entry passes argc and argv in registers: where the stack put them. */
	const struct sys_entry_state entry = { .sp = is.sp, .entry = img->entry,
					       .argc_at = is.argc_at, .argv_at = is.argv_at };
	abi->set_entry_state(p, &entry);
	return 0;
}

/* Fault and kill messages for ELF programs: the pc with its symbol and offset. */
static void elf_fault(void *ctx, struct cpu *cpu, const struct cpu_fault *f, int sig)
{
	const struct process *p = ctx;
	(void)cpu;
	report_fault(p->exe_guest_path, f, sig, p->names);
}

static void elf_killed(void *ctx, struct cpu *cpu, int sig)
{
	const struct process *p = ctx;
	/* A guest's child dies of the signal silently, as natively: its parent tells, if it
	 * wants (a shell's "Terminated"). */
	if (p->forked)
		return;
	char where[PATH_MAX + 512];
	fprintf(stderr, "profemu: %s: killed by SIG%s (%s) at pc 0x%" PRIx64, p->exe_guest_path,
		sigabbrev_np(sig) ? sigabbrev_np(sig) : "?", strsignal(sig), cpu_pc(cpu));
	if (p->names && symbolizer_describe(p->names, cpu_pc(cpu), where, sizeof(where)) > 0)
		fprintf(stderr, " (%s)", where);
	fputc('\n', stderr);
}

/* The program and its interpreter, which the loader mapped itself, join the object map (the
 * libraries join it as ld.so maps them). Without them, their code is named by address only. */
static void report_objects(struct process *p, const struct elf_image *img, uint64_t mask)
{
	if (objmap_report_elf(&p->objects, p->exe_path, img->load_bias, mask) != 0)
		fprintf(stderr, "profemu: warning: %s: cannot read its program headers: its code "
				"is not named\n", p->exe_path);
	if (img->interp_host[0] &&
	    objmap_report_elf(&p->objects, img->interp_host, img->interp_base, mask) != 0)
		fprintf(stderr, "profemu: warning: %s: cannot read its program headers: its code "
				"is not named\n", img->interp_host);
	/* the memory the files back, for /proc/self/maps (a failure only leaves it unnamed), by
	 * the kernel's names (objmap_report_elf_pages resolves links, as d_path does) */
	p->files.forget = true;
	objmap_report_elf_pages(&p->files, p->exe_path, img->load_bias, mask, p->mem.page_size);
	if (img->interp_host[0])
		objmap_report_elf_pages(&p->files, img->interp_host, img->interp_base, mask,
					p->mem.page_size);
}

int run_program(const struct options *given)
{
	char err[512];
	struct options eff = *given;
	struct options *o = &eff;
	if (run_dos_wanted(o))	/* DOS .COM / MZ .EXE: a start path of its own (cli/run_dos.c) */
		return run_dos_program(o);
	struct elf_probe probe;
	enum load_error le = elf_probe_file(o->program, &probe, err, sizeof(err));
	if (le != LOAD_OK) {
		fprintf(stderr, "profemu: %s: %s\n", o->program, err);
		return load_status(le);
	}
	struct prf_answers asked = { 0 };
	bool dos = probe.arch == CPU_ARCH_I8086;
	if (o->prf_path) {
		int st = resolve_prf_settings(o, dos, &asked);
		if (st)
			return st;
	}
	struct process *p = calloc(1, sizeof(*p));
	struct prf_mode prf = { 0 };
	struct run_ctx rc = { .p = p, .trace_insns = o->trace_insns };
	if (!p) {
		fprintf(stderr, "profemu: out of memory\n");
		return EXIT_CANNOT_EXECUTE;
	}
	observers_init(&rc.obs, p, o);
	struct elf_image img;
	memset(&img, 0, sizeof(img));
	int status = start_process(&rc, o, &probe, &img);
	if (status == 0 && o->prf_path) {
		if (prf_mode_init(&prf, dos, img.text_lo, img.text_hi, o->bucket_size, o->interval_us)) {
			fprintf(stderr, "profemu: out of memory\n");
			status = EXIT_CANNOT_EXECUTE;
		} else {
			prf.data.arch = (uint32_t)probe.arch;
			prf.data.program = p->exe_path[0] ? strdup(p->exe_path) : NULL;
			rc.obs.prf = &prf;
		}
	}
	uint64_t mask = probe.word_size == 8 ? UINT64_MAX : UINT32_MAX;
	struct symtab *syms = NULL;
	if (status == 0) {
		syms = symtab_load(o->program, img.load_bias);
		report_objects(p, &img, mask);
		p->names = symbolizer_new(&p->objects, p->cfg.sysroot, mask, stderr);
	}
	const struct observed_program prog = {
		.text_lo = img.text_lo, .text_hi = img.text_hi, .entry = img.entry,
		.bias = img.load_bias, .word_size = probe.word_size, .big_endian = probe.big_endian,
		.names = p->names,
	};
	if (status == 0 && observers_start(&rc.obs, &prog) != 0)
		status = EXIT_CANNOT_EXECUTE;
	if (status == 0) {
		p->syms = syms;
		profil_glibc_attach(p, syms);
		struct run_outcome out = { .program = o->program, .arch = p->arch };
		struct run_messages msgs = { .ctx = p, .fault = elf_fault, .killed = elf_killed };
		run_loop(p, o->program, o->max_insns, &msgs, &out);
		/* A guest killed by a signal between two calls still holds the tree's lock on
		 * guest code; the outputs need none, and its tree must not wait for it. */
		process_guest_unlock(p);
		symbolizer_guest_stopped(p->names);
		status = observers_finish(&rc.obs, &out);
	}
	symtab_free(syms);
	symbolizer_free(p->names);
	p->names = NULL;
	observers_free(&rc.obs);
	if (rc.obs.prf)
		prf_mode_free(&prf);
	prf_settings_free(&eff, &asked);
	tree_detach(&p->tree, p->cpu ? process_time_ns(p, CLOCK_REALTIME) : 0);
	bool raise_signal = p->forked && p->term_signal;
	int sig = raise_signal ? p->abi->signal_to_host(p->term_signal) : 0;
	cpu_destroy(p->cpu);
	objmap_free(&p->objects);
	objmap_free(&p->files);
	gm_destroy(&p->mem);
	prof_free(&p->prof);
	free(p);
	if (raise_signal) {
		/* A forked guest killed by a signal dies of it, so its parent's wait4 sees
		 * WIFSIGNALED; no core file for the emulator's own image. */
		struct rlimit no_core = { 0, 0 };
		setrlimit(RLIMIT_CORE, &no_core);
		fflush(NULL);
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return status;
}
