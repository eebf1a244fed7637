/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the fuzz targets share: a scratch file the input is written to,
 * for the readers that take a path.
 */
#ifndef ORDERCHECK_FUZZ_H
#define ORDERCHECK_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static char fuzz_dir_path[64];

static inline void fuzz_dir_remove(void)
{
	char cmd[96];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fuzz_dir_path);
	if (system(cmd))
		fprintf(stderr, "fuzz: cannot remove %s\n", fuzz_dir_path);
}

/* A directory of this process's own, made once, removed at exit. */
static inline const char *fuzz_dir(void)
{
	char *dir = fuzz_dir_path;

	if (!dir[0]) {
		/* memory, where SQLite's fsync() costs nothing */
		snprintf(dir, sizeof(fuzz_dir_path),
			 "%s/ordercheck-fuzz-XXXXXX",
			 access("/dev/shm", W_OK) ? "/tmp" : "/dev/shm");
		if (!mkdtemp(dir))
			abort();
		atexit(fuzz_dir_remove);
	}
	return dir;
}

/* Write @size bytes to @path: 0, or -1. */
static inline int fuzz_write(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	if (size && fwrite(data, 1, size, f) != size) {
		fclose(f);
		return -1;
	}
	return fclose(f) ? -1 : 0;
}

/* Our own messages (the readers' errors) to /dev/null, not libFuzzer's. */
static inline void fuzz_quiet_stdout(void)
{
	if (!freopen("/dev/null", "w", stdout))
		abort();
}

#endif
