// SPDX-License-Identifier: GPL-2.0
/* --shard K/N: which files of the compile database are this job's. */
#include "shard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

int shard_parse(const char *text, unsigned *k, unsigned *n)
{
	unsigned long kk, nn;
	char *end;

	kk = strtoul(text, &end, 10);
	if (end != text && *end == '/') {
		const char *den = end + 1;

		nn = strtoul(den, &end, 10);
		if (end != den && !*end && kk >= 1 && kk <= nn &&
		    nn <= 100000) {
			*k = (unsigned)kk;
			*n = (unsigned)nn;
			return 0;
		}
	}
	fprintf(stderr,
		"ordercheck: --shard wants K/N with 1 <= K <= N (3/8: the "
		"third of eight), not '%s'\n",
		text);
	return -1;
}

/*
 * @file relative to the directory @dir, both absolute, with "../" where
 * @file is not below @dir: a CI runner's checkout path is no part of it.
 */
static char *relative_to(const char *dir, const char *file)
{
	struct strbuf b = { 0 };
	size_t len = strlen(dir), common = 0, i;

	while (len && dir[len - 1] == '/')
		len--;
	for (i = 0; i < len && dir[i] == file[i]; i++)
		if (dir[i] == '/')
			common = i;
	if (i == len && file[i] == '/')
		common = i;
	/* dir[0..common) is the deepest directory both lie below */
	for (i = common; i < len; i++)
		if (dir[i] == '/')
			sb_puts(&b, "../");
	sb_puts(&b, file[common] == '/' ? file + common + 1 : file + common);
	return sb_detach(&b);
}

void shard_select(struct tu_job *jobs, unsigned *njobs, const char *db_dir,
		  unsigned k, unsigned n)
{
	char *dir = path_absolute(db_dir);
	unsigned i, kept = 0;

	for (i = 0; i < *njobs; i++) {
		char *file = path_absolute(jobs[i].file),
		     *rel = relative_to(dir, file);
		uint64_t h = hash64(rel, strlen(rel), HASH64_INIT);

		free(file);
		free(rel);
		if (h % n != k - 1) {
			frontend_job_clear(&jobs[i]);
			continue;
		}
		jobs[kept++] = jobs[i];
	}
	free(dir);
	*njobs = kept;
}
