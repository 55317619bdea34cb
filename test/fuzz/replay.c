/* SPDX-License-Identifier: Apache-2.0 */
/*
 * replay.c - runs a fuzz target's LLVMFuzzerTestOneInput without libFuzzer,
 * so that `make check` replays the seed corpus and the regression inputs
 * under any compiler (and under valgrind).
 *
 * Usage: replay_<target> [FILE|DIR]...
 * Each FILE is one input; each DIR contributes its regular files in name
 * order.  Without arguments the target's corpus and regress directories
 * (FUZZ_DIR/corpus/FUZZ_TARGET, FUZZ_DIR/regress/FUZZ_TARGET) are used.
 * Exits 0 after printing the number of inputs run; a failed invariant
 * aborts, naming the input on stderr first.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

#ifndef FUZZ_DIR
#ifdef TOP_SRCDIR
#define FUZZ_DIR TOP_SRCDIR "/test/fuzz"
#else
#define FUZZ_DIR "test/fuzz"
#endif
#endif
#ifndef FUZZ_TARGET
#error "FUZZ_TARGET must name the target (wire, fom, ...)"
#endif

static unsigned long n_inputs;

/* Run the target on the contents of `path`; -1 when unreadable. */
static int
run_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!fp) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	for (;;) {
		if (cap - len < 4096) {
			uint8_t *nb;

			cap = cap ? cap * 2 : 8192;
			if (!(nb = realloc(buf, cap))) {
				fclose(fp);
				free(buf);
				return -1;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
		if (n == 0)
			break;
	}
	fclose(fp);
	fprintf(stderr, "replay %s (%zu bytes)\n", path, len);
	/* An exact-size copy, so that reads past the end are caught. */
	{
		uint8_t *in = malloc(len ? len : 1);

		if (!in) {
			free(buf);
			return -1;
		}
		if (len)
			memcpy(in, buf, len);
		free(buf);
		LLVMFuzzerTestOneInput(in, len);
		free(in);
	}
	n_inputs++;
	return 0;
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every regular file of `dir` in name order; -1 on any failure.  A
 * missing directory counts as empty when `optional`. */
static int
run_dir(const char *dir, int optional)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int rc = 0;

	if (!d) {
		if (optional && errno == ENOENT)
			return 0;
		fprintf(stderr, "%s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **nn;

			cap = cap ? cap * 2 : 64;
			if (!(nn = realloc(names, cap * sizeof *names))) {
				rc = -1;
				break;
			}
			names = nn;
		}
		if (!(names[n] = strdup(e->d_name))) {
			rc = -1;
			break;
		}
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, cmp_names);
	for (i = 0; i < n; i++) {
		char path[4096];
		struct stat st;

		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (rc == 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode))
			rc = run_file(path);
		free(names[i]);
	}
	free(names);
	return rc;
}

static int
run_arg(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	return S_ISDIR(st.st_mode) ? run_dir(path, 0) : run_file(path);
}

int
main(int argc, char **argv)
{
	int i, rc = 0;

	if (argc > 1) {
		for (i = 1; i < argc && rc == 0; i++)
			rc = run_arg(argv[i]);
	} else {
		rc = run_dir(FUZZ_DIR "/corpus/" FUZZ_TARGET, 0);
		if (rc == 0)
			rc = run_dir(FUZZ_DIR "/regress/" FUZZ_TARGET, 1);
	}
	printf("%s: %lu inputs replayed%s\n", FUZZ_TARGET, n_inputs,
	    rc ? ", then an error" : "");
	return rc ? 1 : 0;
}
