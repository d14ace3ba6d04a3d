/* The CPU model a guest's CPUID describes (x86_cpuid.c; doc/profemu.1, CPU MODEL). */
#ifndef PROFEMU_X86_CPUID_H
#define PROFEMU_X86_CPUID_H

#include <stdbool.h>
#include <stdint.h>
#include <unicorn/unicorn.h>

#include "../cpu_types.h"

/* x86-64 and i386 have a model; 8086 real mode (DOS) keeps Unicorn's CPUID. */
bool x86_cpuid_has_model(enum cpu_arch arch);
/* Unicorn's CPU model (UC_CPU_X86_*) that executes what the model announces. */
int x86_cpuid_unicorn_model(enum cpu_arch arch);
/* CPUID with EAX = leaf, ECX = subleaf: EAX, EBX, ECX, EDX into out. */
void x86_cpuid_lookup(enum cpu_arch arch, uint32_t leaf, uint32_t subleaf, uint32_t out[4]);
/* Unicorn's CPUID hook (user = the x86_cpu): answers from the model. */
int x86_on_cpuid(uc_engine *uc, void *user);

#endif
