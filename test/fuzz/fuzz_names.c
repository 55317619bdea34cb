/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_names.c - libFuzzer target for rtiexec's confinement of FOM module
 * names (rti/fedm/fomload.h): fomload_open_beneath with openat2 and with the
 * component-wise walk used where the kernel lacks it.
 *
 * Each input, cut at its first NUL, is a name opened beneath the
 * directory d of a fixed tree holding files, subdirectories, a FIFO and
 * symbolic links that stay inside, lead outside, are absolute, dangle or
 * loop.  Both resolvers must give the same kind of outcome (a regular
 * file, another file, not there, refused: the kinds that decide what
 * rtiexec does), and whatever either opens must be an inode of d's own
 * tree, never the file beside it or anything else of the host.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fomload.h"
#include "fuzz.h"

/* The tree, made on the first input and removed at exit (a fuzz target
 * has no other place to keep it). */
static char top[64];
static int dfd = -1;
static struct {
	dev_t dev;
	ino_t ino;
} inside[64];
static size_t n_inside;

static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	return remove(path);
}

static void
cleanup(void)
{
	if (dfd >= 0)
		close(dfd);
	nftw(top, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int
note_inside(const char *path, const struct stat *st, int flag,
    struct FTW *f)
{
	(void)path;
	(void)f;
	if (flag != FTW_SL && n_inside < sizeof inside / sizeof *inside) {
		inside[n_inside].dev = st->st_dev;
		inside[n_inside].ino = st->st_ino;
		n_inside++;
	}
	return 0;
}

static void
mk(const char *rel, const char *link_to)
{
	char p[256];
	FILE *fp;

	snprintf(p, sizeof p, "%s/%s", top, rel);
	if (link_to) {
		FUZZ_CHECK(symlink(link_to, p) == 0);
	} else if (rel[strlen(rel) - 1] == '/') {
		FUZZ_CHECK(mkdir(p, 0755) == 0);
	} else {
		FUZZ_CHECK((fp = fopen(p, "w")) != NULL);
		fputs("<objectModel/>", fp);
		fclose(fp);
	}
}

static void
make_tree(void)
{
	char p[256];

	snprintf(top, sizeof top, "/tmp/rti-fuzz-names-XXXXXX");
	FUZZ_CHECK(mkdtemp(top) != NULL);
	atexit(cleanup);
	mk("outside.xml", NULL);
	mk("d/", NULL);
	mk("d/ok.xml", NULL);
	mk("d/sub/", NULL);
	mk("d/sub/inner.xml", NULL);
	mk("d/sub/deep/", NULL);
	mk("d/sub/deep/x.xml", NULL);
	mk("d/link", "ok.xml");
	mk("d/dirlink", "sub");
	mk("d/dotdot", "..");
	mk("d/sub/up", "../ok.xml");
	mk("d/sub/dotdot", "..");
	mk("d/sub/out", "../../outside.xml");
	mk("d/sub/deep/out", "../../../outside.xml");
	mk("d/sub/deep/zig", "../../sub/./deep/../inner.xml");
	mk("d/loop", "loop");
	mk("d/dangling", "nothere");
	mk("d/slash", "ok.xml/");
	snprintf(p, sizeof p, "%s/outside.xml", top);
	mk("d/abs", p);
	mk("d/etc", "/etc");
	mk("d/proc", "/proc/self/fd/0");
	snprintf(p, sizeof p, "%s/d/fifo", top);
	FUZZ_CHECK(mkfifo(p, 0644) == 0);
	snprintf(p, sizeof p, "%s/d", top);
	FUZZ_CHECK(nftw(p, note_inside, 16, FTW_PHYS) == 0);
	FUZZ_CHECK((dfd = open(p, O_RDONLY | O_DIRECTORY)) >= 0);
}

/* The name rule, restated: relative, no empty, "." or ".." component. */
static int
plain(const char *name)
{
	const char *c = name, *e;
	size_t n;

	if (*name == '/')
		return 0;
	for (;;) {
		e = strchr(c, '/');
		n = e ? (size_t)(e - c) : strlen(c);
		if (n == 0 || (n == 1 && c[0] == '.') ||
		    (n == 2 && c[0] == '.' && c[1] == '.'))
			return 0;
		if (!e)
			return 1;
		c = e + 1;
	}
}

enum { K_REGULAR, K_OTHER, K_MISSING, K_REFUSED };

/* The kind of outcome of opening `name` with `how`; an opened file must
 * be one of d's. */
static int
kind(const char *name, int how)
{
	struct stat st;
	size_t i;
	int fd = fomload_open_beneath(dfd, name, how), k;

	if (fd < 0)
		return errno == ENOENT || errno == ENOTDIR ? K_MISSING :
		    K_REFUSED;
	FUZZ_CHECK(fstat(fd, &st) == 0);
	for (i = 0; i < n_inside; i++)
		if (inside[i].dev == st.st_dev && inside[i].ino == st.st_ino)
			break;
	if (i == n_inside)
		fprintf(stderr, "'%s' opened a file outside the tree\n", name);
	FUZZ_CHECK(i < n_inside);
	k = S_ISREG(st.st_mode) ? K_REGULAR : K_OTHER;
	close(fd);
	return k;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char name[PATH_MAX];
	int a, w;

	if (dfd < 0)
		make_tree();
	if (size >= sizeof name)
		size = sizeof name - 1;
	memcpy(name, data, size);
	name[size] = '\0';
	a = kind(name, FOMLOAD_RESOLVE_AUTO);
	w = kind(name, FOMLOAD_RESOLVE_WALK);
	if (a != w)
		fprintf(stderr, "'%s': openat2 %d, walk %d\n", name, a, w);
	FUZZ_CHECK(a == w);
	/* the rule rtiexec applies before resolving is at least as strict
	 * as its statement */
	if (fomload_name_ok(name))
		FUZZ_CHECK(plain(name));
	return 0;
}
