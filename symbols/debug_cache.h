/* An uncompressed copy of a separate debug file, kept in the user's cache directory: libdw
 * 0.188 inflates every compressed .debug_* section of a debug file when it opens its DWARF
 * (Debian's libc6-dbg: 10 MB from 4, 120-140 ms of CPU measured, every run), while a file
 * whose sections are stored plain is mapped and read in place (about 1 ms). The copy is
 * $XDG_CACHE_HOME/profemu/<build-id>.debug (else ~/.cache/profemu/), written once, atomically
 * (a temporary file renamed), and used only when it holds the build-id asked for and its size
 * is what its own headers say (a file cut short is written again). Nothing is cached where
 * the directory cannot be made or written: the original is used. */
#ifndef PROFEMU_SYMBOLS_DEBUG_CACHE_H
#define PROFEMU_SYMBOLS_DEBUG_CACHE_H

#include <stddef.h>

/* debug_file: a separate debug file, id: the build-id it must hold. Returns a descriptor of
 * its cached uncompressed copy, written now if missing or unusable; -1 when it has no
 * compressed section, does not hold that build-id, or no copy can be made (the caller then
 * uses the original). */
int debug_cache_open(const char *debug_file, const unsigned char *id, size_t idlen);
/* The same without writing: the copy when one is there and usable, else -1. What names alone
 * use (the symbol table of a debug file needs no inflating): a first run of --folded on
 * python3 spent 0.3 s writing copies of python3's and libc's debug files it never read. */
int debug_cache_find(const char *debug_file, const unsigned char *id, size_t idlen);

#endif
