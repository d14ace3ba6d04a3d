/* prctl's name: before PR_SET_NAME the program's file name, as the kernel's comm is (not the
 * emulator's), cut to 15 bytes; PR_SET_NAME keeps 15 bytes of what it is given. */
#include <criterion/criterion.h>
#include <errno.h>
#include <string.h>

#include "syscall_testutil.h"

#define PAGE 0x10000ull

static void setup(struct process *p, const char *guest_path)
{
	memset(p, 0, sizeof(*p));
	gm_init(&p->mem, 4096, 1ull << 47, false, 8);
	cr_assert_eq(gm_map(&p->mem, PAGE, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	p->arch = CPU_ARCH_X86_64;
	p->abi = &sys_abi_x86_64;
	snprintf(p->exe_path, sizeof(p->exe_path), "/host/sysroot%s", guest_path);
	snprintf(p->exe_guest_path, sizeof(p->exe_guest_path), "%s", guest_path);
}

static void name_of(struct process *p, char out[16])
{
	cr_assert_eq(CALL(prctl, p, 16, PAGE, 0, 0, 0, 0), 0);	/* PR_GET_NAME */
	cr_assert_eq(gm_read(&p->mem, PAGE, out, 16), 0);
}

Test(prctl, the_name_is_the_programs_until_set)
{
	struct process p;
	setup(&p, "/opt/bin/a-rather-long-program-name");
	char name[16];
	name_of(&p, name);
	cr_assert_str_eq(name, "a-rather-long-p");
	const char set[] = "worker-0123456789";
	cr_assert_eq(gm_write(&p.mem, PAGE + 64, set, sizeof(set)), 0);
	cr_assert_eq(CALL(prctl, &p, 15, PAGE + 64, 0, 0, 0, 0), 0);	/* PR_SET_NAME */
	name_of(&p, name);
	cr_assert_str_eq(name, "worker-01234567");
	cr_assert_eq(CALL(prctl, &p, 0x7fff, 0, 0, 0, 0, 0), -EINVAL);
	gm_destroy(&p.mem);
}
