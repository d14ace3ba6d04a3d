/* A bad command line, worded the same by every profemu program (profemu, prohist, profdiff) as
 * GNU tools word it. */
#ifndef PROFEMU_USAGE_H
#define PROFEMU_USAGE_H

/* The exit status of a bad command line, in every profemu program. */
enum { USAGE_EXIT_STATUS = 2 };

/* "PROGRAM: <fmt with arg>" and "Try 'PROGRAM --help' for more information." on stderr;
 * returns USAGE_EXIT_STATUS. */
int usage_error(const char *program, const char *fmt, const char *arg);

#endif
