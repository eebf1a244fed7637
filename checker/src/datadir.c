// SPDX-License-Identifier: GPL-2.0
/* Where ordercheck's files are: from the binary, never a built-in path. */
#include "datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/*
 * share/ordercheck as seen from the binary's folder: set by
 * checker/CMakeLists.txt from the install's bindir and datadir, which the
 * build tree copies (bin/ordercheck, share/ordercheck/).
 */
#ifndef ORDERCHECK_DATA_REL
#define ORDERCHECK_DATA_REL "../share/ordercheck"
#endif

/* Each kind's folder below share/ordercheck (the install() rules' names). */
static const char *const subdirs[DATA_KINDS] = {
	[DATA_INCLUDE] = "include",
	[DATA_COCCI] = "cocci",
	[DATA_RULE_PAGES] = "rules",
};

static char *found[DATA_KINDS];
static bool looked;

/* The folder the running binary is in: the kernel's word, not argv[0]'s. */
static char *exe_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	char *slash;

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	return xstrdup(buf[0] ? buf : "/");
}

static void look(void)
{
	char *dir = exe_dir(), *rel, *root;
	struct stat st;
	int k;

	looked = true;
	if (!dir)
		return;
	rel = xasprintf("%s/%s", dir, ORDERCHECK_DATA_REL);
	root = realpath(rel, NULL);
	for (k = 0; root && k < DATA_KINDS; k++) {
		char *p = xasprintf("%s/%s", root, subdirs[k]);

		/*
		 * Through the build tree's links, the sources' own path: the
		 * same header path in findings and facts as before there was
		 * an install, and as in a run from the sources
		 */
		found[k] = realpath(p, NULL);
		if (found[k] && (stat(found[k], &st) || !S_ISDIR(st.st_mode))) {
			free(found[k]);
			found[k] = NULL;
		}
		free(p);
	}
	free(root);
	free(rel);
	free(dir);
}

const char *datadir_path(enum data_kind kind)
{
	if (!looked)
		look();
	return kind < DATA_KINDS ? found[kind] : NULL;
}
