# bench/suite/suite.mk: builds the suite's programs for one architecture (called by build.sh).
# make -f suite.mk CC=CROSS-gcc OUT=DIR SRC=DIR GEN=DIR [CFLAGS=...]
#   SRC: the unpacked Debian sources (fetch-sources.sh); GEN: what build.sh generated from them
#   (SQLite's amalgamation, PCRE2's config.h, pcre2.h and character tables).
# Every program is linked static (Ski runs static programs only; the others run them all the same).
HERE := $(dir $(lastword $(MAKEFILE_LIST)))programs
CFLAGS ?= -O2
ALL_CFLAGS = $(CFLAGS) -I$(HERE) -w
LDFLAGS = -static
LIBM = -lm

PROGRAMS = lua zlib_bench bzip2_bench pcre2_bench sqlite_bench fpkernels sortcb
all: $(addprefix $(OUT)/,$(PROGRAMS))

# --- libraries: one object directory each ------------------------------------------------------
LUA_SRC = lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes lparser lstate \
	lstring ltable ltm lundump lvm lzio lauxlib lbaselib lcorolib ldblib liolib lmathlib loadlib \
	loslib lstrlib ltablib lutf8lib linit lua
ZLIB_SRC = adler32 compress crc32 deflate inflate infback inftrees inffast trees uncompr zutil
BZ2_SRC = blocksort huffman crctable randtable compress decompress bzlib
PCRE2_SRC = pcre2_auto_possess pcre2_compile pcre2_config pcre2_context pcre2_convert \
	pcre2_dfa_match pcre2_error pcre2_extuni pcre2_find_bracket pcre2_jit_compile \
	pcre2_maketables pcre2_match pcre2_match_data pcre2_newline pcre2_ord2utf \
	pcre2_pattern_info pcre2_script_run pcre2_serialize pcre2_string_utils pcre2_study \
	pcre2_substitute pcre2_substring pcre2_tables pcre2_ucd pcre2_valid_utf pcre2_xclass

LUA_OBJ = $(addprefix $(OUT)/obj/lua/,$(addsuffix .o,$(LUA_SRC)))
ZLIB_OBJ = $(addprefix $(OUT)/obj/zlib/,$(addsuffix .o,$(ZLIB_SRC)))
BZ2_OBJ = $(addprefix $(OUT)/obj/bzip2/,$(addsuffix .o,$(BZ2_SRC)))
PCRE2_OBJ = $(addprefix $(OUT)/obj/pcre2/,$(addsuffix .o,$(PCRE2_SRC))) $(OUT)/obj/pcre2/pcre2_chartables.o

# Lua as Debian builds it, less what a static program cannot use (dlopen, readline)
$(OUT)/obj/lua/%.o: $(SRC)/lua5.4/src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DLUA_COMPAT_5_3 -DLUA_USE_POSIX -I$(GEN)/lua -c $< -o $@
$(OUT)/obj/zlib/%.o: $(SRC)/zlib/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN -c $< -o $@
$(OUT)/obj/bzip2/%.o: $(SRC)/bzip2/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -D_FILE_OFFSET_BITS=64 -c $< -o $@
PCRE2_FLAGS = -DHAVE_CONFIG_H -DPCRE2_CODE_UNIT_WIDTH=8 -DSUPPORT_UNICODE -I$(GEN)/pcre2 -I$(SRC)/pcre2/src
$(OUT)/obj/pcre2/%.o: $(SRC)/pcre2/src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(PCRE2_FLAGS) -c $< -o $@
$(OUT)/obj/pcre2/pcre2_chartables.o: $(GEN)/pcre2/pcre2_chartables.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(PCRE2_FLAGS) -c $< -o $@
# SQLite's amalgamation, single-threaded, as an embedded library
SQLITE_FLAGS = -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_DEFAULT_MEMSTATUS=0 -I$(GEN)/sqlite
$(OUT)/obj/sqlite/sqlite3.o: $(GEN)/sqlite/sqlite3.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SQLITE_FLAGS) -c $< -o $@

# --- the programs ------------------------------------------------------------------------------
DRIVER_CFLAGS = $(CFLAGS) -I$(HERE) -std=gnu11 -Wall -Wextra
$(OUT)/lua: $(LUA_OBJ)
	$(CC) $(LDFLAGS) $^ -o $@ $(LIBM)
$(OUT)/zlib_bench: $(HERE)/zlib_bench.c $(HERE)/suite_text.h $(ZLIB_OBJ)
	$(CC) $(DRIVER_CFLAGS) -I$(SRC)/zlib $(LDFLAGS) $< $(ZLIB_OBJ) -o $@
$(OUT)/bzip2_bench: $(HERE)/bzip2_bench.c $(HERE)/suite_text.h $(BZ2_OBJ)
	$(CC) $(DRIVER_CFLAGS) -I$(SRC)/bzip2 $(LDFLAGS) $< $(BZ2_OBJ) -o $@
$(OUT)/pcre2_bench: $(HERE)/pcre2_bench.c $(HERE)/suite_text.h $(PCRE2_OBJ)
	$(CC) $(DRIVER_CFLAGS) -I$(GEN)/pcre2 $(LDFLAGS) $< $(PCRE2_OBJ) -o $@
$(OUT)/sqlite_bench: $(HERE)/sqlite_bench.c $(HERE)/suite_text.h $(OUT)/obj/sqlite/sqlite3.o
	$(CC) $(DRIVER_CFLAGS) -I$(GEN)/sqlite $(LDFLAGS) $< $(OUT)/obj/sqlite/sqlite3.o -o $@ $(LIBM)
$(OUT)/fpkernels: $(HERE)/fpkernels.c $(HERE)/suite_text.h
	$(CC) $(DRIVER_CFLAGS) $(LDFLAGS) $< -o $@ $(LIBM)
$(OUT)/sortcb: $(HERE)/sortcb.c $(HERE)/suite_text.h
	$(CC) $(DRIVER_CFLAGS) $(LDFLAGS) $< -o $@
.PHONY: all
