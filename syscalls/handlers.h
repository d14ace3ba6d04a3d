/* Every system-call handler, written once for all ABIs (see syscall.h for the contract).
 * A handler reads "long"-sized guest fields with p->mem.word_size and writes structs through
 * the ABI's layout hooks, so one body serves x86-64, i386 and later hppa. */
#ifndef PROFEMU_HANDLERS_H
#define PROFEMU_HANDLERS_H

#include "process.h"

#define SYS(name) int64_t sys_##name(struct process *p, const uint64_t *a)

/* files: sys_file.c, sys_fd.c, sys_stat.c, sys_dir.c */
SYS(read); SYS(write); SYS(readv); SYS(writev); SYS(pread64); SYS(pwrite64);
SYS(lseek); SYS(close); SYS(dup); SYS(dup2); SYS(dup3); SYS(pipe); SYS(pipe2);
SYS(fcntl); SYS(ioctl); SYS(open); SYS(openat); SYS(creat);
SYS(stat); SYS(lstat); SYS(fstat); SYS(newfstatat);
SYS(stat64); SYS(lstat64); SYS(fstat64); SYS(fstatat64); SYS(statx);
SYS(getdents64); SYS(access); SYS(faccessat); SYS(faccessat2);
SYS(unlink); SYS(unlinkat); SYS(rename); SYS(renameat); SYS(renameat2);
SYS(mkdir); SYS(mkdirat); SYS(rmdir); SYS(getcwd); SYS(chdir); SYS(fchdir);
SYS(readlink); SYS(readlinkat); SYS(umask); SYS(fsync); SYS(ftruncate); SYS(truncate);
SYS(chmod); SYS(fchmod); SYS(fadvise64);
/* i386 forms whose 64-bit offsets come split over two registers */
SYS(i386_llseek); SYS(i386_pread64); SYS(i386_pwrite64); SYS(i386_ftruncate64);

/* memory: sys_mem.c */
SYS(brk); SYS(mmap); SYS(mmap2); SYS(i386_old_mmap); SYS(munmap); SYS(mprotect);
SYS(mremap); SYS(madvise);

/* process: sys_proc.c */
SYS(exit); SYS(exit_group); SYS(getpid); SYS(getppid); SYS(gettid);
SYS(getuid); SYS(geteuid); SYS(getgid); SYS(getegid);
SYS(uname); SYS(prlimit64); SYS(getrlimit); SYS(setrlimit);
SYS(set_tid_address); SYS(set_robust_list); SYS(futex); SYS(sched_yield);
/* threads: sys_thread.c, sys_futex.c */
SYS(clone3); SYS(get_robust_list); SYS(sched_getaffinity); SYS(membarrier);
SYS(wait4); SYS(waitid); SYS(getrusage); SYS(sysinfo);
SYS(arch_prctl); SYS(set_thread_area);

/* sockets: sys_net.c */
SYS(socket); SYS(socketpair); SYS(bind); SYS(listen); SYS(accept); SYS(accept4); SYS(connect);
SYS(sendto); SYS(recvfrom); SYS(send); SYS(recv); SYS(shutdown); SYS(getsockname); SYS(getpeername); SYS(socketcall);
/* sys_sockopt.c, sys_msg.c */
SYS(setsockopt); SYS(getsockopt); SYS(sendmsg); SYS(recvmsg);
/* new names, owners, times: sys_link.c, sys_owner.c, sys_utime.c */
SYS(link); SYS(linkat); SYS(symlink); SYS(symlinkat); SYS(mknod); SYS(mknodat);
SYS(chown); SYS(lchown); SYS(fchown); SYS(fchownat); SYS(fchmodat);
SYS(utimensat); SYS(utimensat_time64); SYS(futimesat); SYS(utimes); SYS(utime);
/* sys_fdio.c */
SYS(flock); SYS(fallocate); SYS(i386_fallocate); SYS(fdatasync); SYS(sync); SYS(syncfs);
SYS(sendfile); SYS(sendfile64); SYS(memfd_create);
/* sys_prio.c, sys_session.c, sys_prctl.c; sys_thread.c: sched_setaffinity, getcpu */
SYS(getpriority); SYS(setpriority); SYS(sched_get_priority_max); SYS(sched_get_priority_min);
SYS(sched_getscheduler); SYS(sched_getparam); SYS(sched_setscheduler); SYS(sched_setparam);
SYS(setsid); SYS(getsid); SYS(setpgid); SYS(getpgid); SYS(getpgrp); SYS(prctl);
SYS(sched_setaffinity); SYS(getcpu);
/* sys_statfs.c */
SYS(statfs); SYS(fstatfs); SYS(statfs64); SYS(fstatfs64);
/* sys_poll.c, sys_select.c */
SYS(poll); SYS(ppoll); SYS(ppoll_time64);
SYS(select); SYS(old_select); SYS(pselect6); SYS(pselect6_time64);
/* sys_epoll.c */
SYS(epoll_create); SYS(epoll_create1); SYS(epoll_ctl); SYS(epoll_wait); SYS(epoll_pwait);
SYS(epoll_pwait2);

/* signals: sys_signal.c */
SYS(kill); SYS(tgkill); SYS(tkill); SYS(rt_sigaction); SYS(rt_sigprocmask); SYS(sigaltstack);
SYS(rt_sigreturn); SYS(sigreturn); SYS(rt_sigpending); SYS(pause); SYS(rt_sigsuspend);

/* time and randomness: sys_time.c */
SYS(clock_gettime); SYS(clock_gettime64); SYS(clock_getres); SYS(clock_getres64);
SYS(gettimeofday); SYS(time); SYS(times); SYS(nanosleep); SYS(clock_nanosleep);
SYS(clock_nanosleep64); SYS(getrandom);

/* processes: sys_fork.c, sys_exec.c; interval timers: sys_itimer.c */
SYS(fork); SYS(vfork); SYS(clone); SYS(i386_clone); SYS(waitpid); SYS(execve);
SYS(getitimer); SYS(setitimer); SYS(alarm);

/* profil and sprofil: sys_profil.c */
SYS(profil); SYS(sprofil);

#undef SYS

#endif
