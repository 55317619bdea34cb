/* SPDX-License-Identifier: Apache-2.0 */
/*
 * corpus.h - where the tests find the real FOM corpus (../shared/fom-corpus
 * beside the clone, or FOM_CORPUS_DIR), and whether it is there.  A plain
 * clone has none: the suites then skip their corpus cases with a notice
 * instead of failing.
 */
#ifndef RTI_TEST_CORPUS_H
#define RTI_TEST_CORPUS_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

static inline const char *
corpus_dir(void)
{
	const char *d = getenv("FOM_CORPUS_DIR");

	return d && *d ? d : TOP_SRCDIR "/../shared/fom-corpus";
}

/* corpus_dir()/rel as a new string (free it), however deep the corpus
 * is; exits when out of memory. */
static inline char *
corpus_file(const char *rel)
{
	char *p;

	if (asprintf(&p, "%s/%s", corpus_dir(), rel) < 0) {
		perror("corpus_file");
		exit(99);
	}
	return p;
}

/* 1 when the corpus is there (its MANIFEST.txt); else 0 after a notice on
 * stderr naming `suite` and where it looked. */
static inline int
corpus_here(const char *suite)
{
	struct stat st;
	char *p = corpus_file("MANIFEST.txt");
	int here = stat(p, &st) == 0;

	free(p);
	if (here)
		return 1;
	fprintf(stderr, "%s: notice: no FOM corpus at %s (set "
	    "FOM_CORPUS_DIR): its cases are skipped\n", suite, corpus_dir());
	return 0;
}

#endif
