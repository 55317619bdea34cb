/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_save.c - federation save and restore against a real rtiexec and
 * real federates: the services and callbacks, the restrictions while one
 * runs, the time state brought back, the save files (atomic, checked),
 * and the faults: a federate killed during a save or a restore, an
 * unwritable save directory, damaged files, a FOM or federate types that
 * do not match, a restore in a new rtiexec; heartbeats during a save, and
 * the late notice of a save that ended.  (Just past the project's 1200
 * lines: one Check file per module, with the save fixtures shared.)
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

#define HELLO TEST_FOM("HelloWorld.xml")
#define GRID TEST_FOM("Grid.xml")

static struct rtiexec rx;
static char savedir[128];

static void
on_isave(void *arg, const char *label, int has_time, rti_time t)
{
	tfed_event(arg, "isave:%s:%d:%g", label, has_time, t.f64);
}

static void
on_saved(void *arg)
{
	tfed_event(arg, "saved");
}

/* The federate that registers sync point "q" in its federation_not_saved
 * (test_seen_of_an_ended_save), NULL for none. */
static struct tfed *reg_on_not_saved;

static void
on_not_saved(void *arg, enum rti_save_failure_reason r)
{
	struct tfed *t = arg;

	tfed_event(t, "notsaved:%d", (int)r);
	if (t == reg_on_not_saved) {
		reg_on_not_saved = NULL;
		tfed_event(t, "reg:%d",
		    rti_register_federation_synchronization_point(t->amb, "q",
		    NULL, 0, NULL, 0));
	}
}

static void
on_save_status(void *arg, const struct rti_federate_save_status *s,
    size_t n)
{
	char buf[256];
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < n && k < sizeof buf - 32; i++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%u=%d",
		    i ? "," : "", s[i].federate.id, (int)s[i].status);
	tfed_event(arg, "sstatus:%s", buf);
}

static void
on_restore_ok(void *arg, const char *label)
{
	tfed_event(arg, "rok:%s", label);
}

static void
on_restore_fail(void *arg, const char *label, const char *reason)
{
	tfed_event(arg, "rfail:%s:%s", label, reason);
}

static void
on_restore_begun(void *arg)
{
	tfed_event(arg, "rbegun");
}

static void
on_irestore(void *arg, const char *label, const char *name,
    rti_federate_handle h)
{
	tfed_event(arg, "irestore:%s:%s:%u", label, name, h.id);
}

static void
on_restored(void *arg)
{
	tfed_event(arg, "restored");
}

static void
on_not_restored(void *arg, enum rti_restore_failure_reason r)
{
	tfed_event(arg, "notrestored:%d", (int)r);
}

static void
on_restore_status(void *arg, const struct rti_federate_restore_status *s,
    size_t n)
{
	char buf[256];
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < n && k < sizeof buf - 40; i++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%u>%u=%d",
		    i ? "," : "", s[i].pre_restore.id, s[i].post_restore.id,
		    (int)s[i].status);
	tfed_event(arg, "rstatus:%s", buf);
}

static void
on_reg(void *arg, rti_time t)
{
	(void)t;
	tfed_event(arg, "regulation_enabled");
}

static void
on_con(void *arg, rti_time t)
{
	(void)t;
	tfed_event(arg, "constrained_enabled");
}

static void
on_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g", t.f64);
}

static void
on_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)cls;
	(void)v;
	(void)n;
	tfed_event(arg, "interaction:%.*s:%g", (int)tag_len,
	    (const char *)tag, info && info->has_time ? info->time.f64 : -1);
}

static void
on_ic_on(void *arg, rti_interaction_class_handle c)
{
	(void)c;
	tfed_event(arg, "ic_on");
}

static void
on_ic_off(void *arg, rti_interaction_class_handle c)
{
	(void)c;
	tfed_event(arg, "ic_off");
}

static void
save_callbacks(struct rti_callbacks *cb)
{
	tfed_callbacks(cb);
	cb->turn_interactions_on = on_ic_on;
	cb->turn_interactions_off = on_ic_off;
	cb->receive_interaction = on_interaction;
	cb->time_regulation_enabled = on_reg;
	cb->time_constrained_enabled = on_con;
	cb->time_advance_grant = on_grant;
	cb->initiate_federate_save = on_isave;
	cb->federation_saved = on_saved;
	cb->federation_not_saved = on_not_saved;
	cb->federation_save_status_response = on_save_status;
	cb->request_federation_restore_succeeded = on_restore_ok;
	cb->request_federation_restore_failed = on_restore_fail;
	cb->federation_restore_begun = on_restore_begun;
	cb->initiate_federate_restore = on_irestore;
	cb->federation_restored = on_restored;
	cb->federation_not_restored = on_not_restored;
	cb->federation_restore_status_response = on_restore_status;
}

/* A federate of `type` named `name`, joined to "F" (created from `fom`
 * when needed), with the recording save callbacks. */
static struct tfed *
join(struct rtiexec *r, const char *fom, const char *name, const char *type)
{
	struct rti_callbacks cb;
	struct tfed *t = tfed_new(r);
	const char *mods[] = { fom };
	int rc;

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(rti_disconnect(t->amb), RTI_OK);
	save_callbacks(&cb);
	ck_assert_int_eq(rti_connect(t->amb, r->url, &cb, t), RTI_OK);
	rc = rti_create_federation_execution(t->amb, "F", mods, 1, NULL);
	ck_assert(rc == RTI_OK ||
	    rc == RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS);
	ck_assert_int_eq(rti_join_federation_execution(t->amb, name, type,
	    "F", &t->handle), RTI_OK);
	tfed_track(t);
	return t;
}

static void
start(void)
{
	const char *args[] = { "--save-dir", savedir, NULL };

	ck_assert_int_eq(rtiexec_start(&rx, args), 0);
}

static void
setup(void)
{
	snprintf(savedir, sizeof savedir, "/tmp/rti-save-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(savedir));
	start();
}

static void
rm_tree(const char *path)
{
	char cmd[512];

	snprintf(cmd, sizeof cmd, "chmod -R u+rwx '%s' 2>/dev/null; "
	    "rm -rf '%s'", path, path);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", path);
}

static void
teardown(void)
{
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	rm_tree(savedir);
}

static int
file_exists(const char *label)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof path, "%s/F/%s.rtisave", savedir, label);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Entries of DIR/F (temporaries included), or 0 when it is not there. */
static int
entries(void)
{
	char path[512];
	struct dirent *e;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof path, "%s/F", savedir);
	if (!(d = opendir(path)))
		return 0;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

/* Save `label` of the federation of ts[0..n): ts[0] asks, every one
 * begins and completes; 1 when every one got federation_saved. */
static int
save_all(struct tfed **ts, size_t n, const char *label)
{
	char ev[128];
	size_t i;

	snprintf(ev, sizeof ev, "isave:%s:0", label);
	ck_assert_int_eq(rti_request_federation_save(ts[0]->amb, label),
	    RTI_OK);
	for (i = 0; i < n; i++) {
		ck_assert(tfed_wait_all(ts, n, ts[i], ev));
		ck_assert_int_eq(rti_federate_save_begun(ts[i]->amb), RTI_OK);
		ck_assert_int_eq(rti_federate_save_complete(ts[i]->amb),
		    RTI_OK);
	}
	for (i = 0; i < n; i++)
		if (!tfed_wait_all(ts, n, ts[i], "saved"))
			return 0;
	return 1;
}

/* Restore `label`: ts[0] asks; every one completes when told; 1 when
 * every one got federation_restored. */
static int
restore_all(struct tfed **ts, size_t n, const char *label)
{
	size_t i;

	ck_assert_int_eq(rti_request_federation_restore(ts[0]->amb, label),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, n, ts[0], "rok:"));
	for (i = 0; i < n; i++) {
		ck_assert(tfed_wait_all(ts, n, ts[i], "irestore:"));
		ck_assert_int_eq(rti_federate_restore_complete(ts[i]->amb),
		    RTI_OK);
	}
	for (i = 0; i < n; i++)
		if (!tfed_wait_all(ts, n, ts[i], "restored"))
			return 0;
	return 1;
}

static rti_time
ft(double v)
{
	rti_time t;

	t.f64 = v;
	t.i64 = (int64_t)v;
	return t;
}

/* Advance `t` to `v` and wait for the grant. */
static void
advance(struct tfed **ts, size_t n, struct tfed *t, double v)
{
	char ev[64];

	snprintf(ev, sizeof ev, "grant:%g", v);
	tfed_clear(t);
	ck_assert_int_eq(rti_time_advance_request(t->amb, ft(v)), RTI_OK);
	ck_assert(tfed_wait_all(ts, n, t, ev));
}

START_TEST(test_save_restore_time)
{
	struct tfed *ts[2];
	rti_time now, la;
	char ev[128];

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert_int_eq(rti_enable_time_regulation(ts[0]->amb, ft(1)),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "regulation_enabled"));
	ck_assert_int_eq(rti_enable_time_constrained(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "constrained_enabled"));
	advance(ts, 2, ts[0], 5);
	advance(ts, 2, ts[1], 4);

	/* status queries before, during, after */
	ck_assert_int_eq(rti_query_federation_save_status(ts[1]->amb),
	    RTI_OK);
	ck_assert(tfed_wait(ts[1], "sstatus:1=0,2=0"));
	ck_assert_int_eq(rti_request_federation_save(ts[0]->amb, "snap"),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "isave:snap:0"));
	ck_assert(tfed_wait_all(ts, 2, ts[1], "isave:snap:0"));
	ck_assert_int_eq(rti_federate_save_begun(ts[0]->amb), RTI_OK);
	tfed_clear(ts[1]);
	ck_assert_int_eq(rti_query_federation_save_status(ts[1]->amb),
	    RTI_OK);
	ck_assert(tfed_wait(ts[1], "sstatus:1=2,2=1"));
	/* the restrictions, here and in rtiexec */
	ck_assert_int_eq(rti_time_advance_request(ts[1]->amb, ft(6)),
	    RTI_ERR_SAVE_IN_PROGRESS);
	ck_assert_int_eq(rti_request_federation_save(ts[1]->amb, "again"),
	    RTI_ERR_SAVE_IN_PROGRESS);
	ck_assert_int_eq(rti_request_federation_restore(ts[1]->amb, "snap"),
	    RTI_ERR_SAVE_IN_PROGRESS);
	{
		rti_federate_handle h;

		ck_assert_int_eq(rti_get_federate_handle(ts[1]->amb, "alpha",
		    &h), RTI_OK);
		ck_assert_uint_eq(h.id, ts[0]->handle.id);
	}
	ck_assert_int_eq(rti_federate_save_complete(ts[1]->amb),
	    RTI_ERR_FEDERATE_HAS_NOT_BEGUN_SAVE);
	ck_assert_int_eq(rti_federate_save_complete(ts[0]->amb), RTI_OK);
	tfed_clear(ts[1]);
	ck_assert_int_eq(rti_query_federation_save_status(ts[1]->amb),
	    RTI_OK);
	ck_assert(tfed_wait(ts[1], "sstatus:1=3,2=1"));
	ck_assert_int_eq(rti_federate_save_begun(ts[1]->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_complete(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "saved"));
	ck_assert(tfed_wait_all(ts, 2, ts[1], "saved"));
	ck_assert(file_exists("snap"));
	ck_assert_int_eq(entries(), 1);

	/* change the time state, then back */
	ck_assert_int_eq(rti_modify_lookahead(ts[0]->amb, ft(3)), RTI_OK);
	advance(ts, 2, ts[0], 9);
	advance(ts, 2, ts[1], 8);
	ck_assert_int_eq(rti_disable_time_constrained(ts[1]->amb), RTI_OK);
	ck_assert(restore_all(ts, 2, "snap"));
	snprintf(ev, sizeof ev, "irestore:snap:alpha:%u", ts[0]->handle.id);
	ck_assert_int_ge(tfed_find(ts[0], ev), 0);
	ck_assert_int_eq(rti_query_logical_time(ts[0]->amb, &now), RTI_OK);
	ck_assert(now.f64 == 5);
	ck_assert_int_eq(rti_query_lookahead(ts[0]->amb, &la), RTI_OK);
	ck_assert(la.f64 == 1);
	ck_assert_int_eq(rti_query_logical_time(ts[1]->amb, &now), RTI_OK);
	ck_assert(now.f64 == 4);
	/* constrained again, as saved: rtiexec and librti agree */
	ck_assert_int_eq(rti_enable_time_constrained(ts[1]->amb),
	    RTI_ERR_TIME_CONSTRAINED_ALREADY_ENABLED);
	/* and it still works: a grant past the restored time, below
	 * alpha's restored time and lookahead (5 + 1) */
	advance(ts, 2, ts[1], 5.5);
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/*
 * What a federate sent before it knew of the save is carried out (IEEE
 * 1516.1-2010 lets it call any service until initiate_federate_save):
 * beta's time advance request, sent after alpha asked for the save but
 * before beta took the initiate, stays pending through the save and is
 * granted after it, where refusing it would have left beta's librti
 * waiting for a grant rtiexec never meant to give.  Its registration of
 * a synchronization point likewise goes through.  After the initiate
 * beta's own services are refused, and joins are refused throughout.
 */
START_TEST(test_frames_before_the_initiate)
{
	struct tfed *ts[2], *late;
	size_t i;
	int rc;

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert_int_eq(rti_enable_time_regulation(ts[1]->amb,
	    rti_time_f64(1)), RTI_OK);
	ck_assert(tfed_wait(ts[1], "regulation_enabled"));
	ck_assert_int_eq(rti_enable_time_constrained(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait(ts[1], "constrained_enabled"));
	ck_assert_int_eq(rti_request_federation_save(ts[0]->amb, "s"),
	    RTI_OK);
	/* beta has not taken the initiate: both go and are carried out */
	ck_assert_int_eq(rti_time_advance_request(ts[1]->amb,
	    rti_time_f64(2)), RTI_OK);
	rc = rti_register_federation_synchronization_point(ts[1]->amb, "p",
	    NULL, 0, NULL, 0);
	ck_assert_int_eq(rc, RTI_OK);
	late = tfed_new(&rx);
	ck_assert_ptr_nonnull(late);
	ck_assert_int_eq(rti_join_federation_execution(late->amb, "late",
	    "TypeC", "F", &late->handle), RTI_ERR_SAVE_IN_PROGRESS);
	for (i = 0; i < 2; i++) {
		ck_assert(tfed_wait_all(ts, 2, ts[i], "isave:s:0"));
		ck_assert_int_eq(rti_federate_save_begun(ts[i]->amb), RTI_OK);
	}
	/* no grant while the save runs; beta's services are refused now */
	ck_assert_int_eq(tfed_count(ts[1], "grant:"), 0);
	ck_assert_int_eq(rti_modify_lookahead(ts[1]->amb, rti_time_f64(2)),
	    RTI_ERR_SAVE_IN_PROGRESS);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(rti_federate_save_complete(ts[i]->amb),
		    RTI_OK);
	for (i = 0; i < 2; i++)
		ck_assert(tfed_wait_all(ts, 2, ts[i], "saved"));
	ck_assert(tfed_wait_all(ts, 2, ts[1], "grant:2"));
	ck_assert(file_exists("s"));
	ck_assert_int_eq(rti_join_federation_execution(late->amb, "late",
	    "TypeC", "F", &late->handle), RTI_OK);
	ck_assert_int_eq(rti_abort_federation_save(ts[1]->amb),
	    RTI_ERR_SAVE_NOT_IN_PROGRESS);
	tfed_free(late);
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/* Child: join as "doomed", tell the parent when initiated, then wait to
 * be killed. */
static void
doomed(int wfd, int at_restore)
{
	struct tfed *t = join(&rx, HELLO, "doomed", "TypeB");

	if (write(wfd, "j", 1) != 1)
		_exit(1);
	if (!tfed_wait(t, at_restore ? "irestore:" : "isave:"))
		_exit(1);
	if (write(wfd, "i", 1) != 1)
		_exit(1);
	for (;;)
		pause();
}

static pid_t
spawn_doomed(int at_restore, int *rfd)
{
	int pfd[2];
	pid_t pid;
	char ch;

	ck_assert_int_eq(pipe(pfd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(pfd[0]);
		doomed(pfd[1], at_restore);
	}
	close(pfd[1]);
	ck_assert_int_eq(read(pfd[0], &ch, 1), 1);
	*rfd = pfd[0];
	return pid;
}

START_TEST(test_killed_during_save)
{
	struct tfed *a, *ts[2];
	int rfd;
	char ch;
	pid_t pid;

	a = join(&rx, HELLO, "alpha", "TypeA");
	pid = spawn_doomed(0, &rfd);
	ck_assert_int_eq(rti_request_federation_save(a->amb, "k"), RTI_OK);
	ck_assert(tfed_wait(a, "isave:k"));
	ck_assert_int_eq(read(rfd, &ch, 1), 1);
	ck_assert_int_eq(rti_federate_save_begun(a->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_complete(a->amb), RTI_OK);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(rfd);
	ck_assert(tfed_wait(a, "notsaved:2"));
	ck_assert(!file_exists("k"));
	ck_assert_int_eq(entries(), 0);
	/* the federation carries on: a later save works */
	ts[0] = a;
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert(save_all(ts, 2, "k"));
	ck_assert(file_exists("k"));
	tfed_free(ts[1]);
	tfed_free(a);
}
END_TEST

START_TEST(test_killed_during_restore)
{
	struct tfed *a, *ts[2];
	int rfd;
	char ch;
	pid_t pid;

	a = join(&rx, HELLO, "alpha", "TypeA");
	ts[0] = a;
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert(save_all(ts, 2, "r"));
	tfed_free(ts[1]);
	pid = spawn_doomed(1, &rfd);
	ck_assert_int_eq(rti_request_federation_restore(a->amb, "r"),
	    RTI_OK);
	ck_assert(tfed_wait(a, "rok:r"));
	ck_assert(tfed_wait(a, "irestore:r:alpha"));
	ck_assert_int_eq(read(rfd, &ch, 1), 1);
	ck_assert_int_eq(rti_synchronization_point_achieved(a->amb, "x", 1),
	    RTI_ERR_RESTORE_IN_PROGRESS);
	ck_assert_int_eq(rti_federate_restore_complete(a->amb), RTI_OK);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(rfd);
	ck_assert(tfed_wait(a, "notrestored:2"));
	/* usable again */
	ck_assert_int_eq(rti_register_federation_synchronization_point(
	    a->amb, "alive", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(a, "announce:alive"));
	tfed_free(a);
}
END_TEST

START_TEST(test_unwritable_dir)
{
	struct tfed *ts[1];
	char path[512];
	FILE *f;

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	/* a regular file where the federation's directory would be: no
	 * write there, for root too */
	snprintf(path, sizeof path, "%s/F", savedir);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fclose(f);
	ck_assert(!save_all(ts, 1, "u"));
	ck_assert_int_ge(tfed_find(ts[0], "notsaved:0"), 0);
	ck_assert(rtiexec_log_has(&rx, "cannot write save 'u'"));
	unlink(path);
	ck_assert_int_eq(entries(), 0);
	if (geteuid() != 0) {
		ck_assert_int_eq(chmod(savedir, 0500), 0);
		tfed_clear(ts[0]);
		ck_assert(!save_all(ts, 1, "u"));
		ck_assert_int_ge(tfed_find(ts[0], "notsaved:0"), 0);
		ck_assert_int_eq(chmod(savedir, 0700), 0);
		ck_assert_int_eq(entries(), 0);
	} else {
		fprintf(stderr, "check_save: running as root, the chmod 0500 "
		    "case is skipped (the file-in-the-way case ran)\n");
	}
	tfed_free(ts[0]);
}
END_TEST

/*
 * A full save directory: the federation's directory is a 16 KiB tmpfs
 * (root only; the file holds the FOM's texts, far more than that), so the
 * write fails with ENOSPC: federation_not_saved RTI_UNABLE_TO_SAVE, a log
 * line saying why, and no temporary left behind.  The checks are taken
 * before the unmount and asserted after it.
 */
START_TEST(test_full_dir)
{
	struct tfed *ts[1];
	char path[512], cmd[640];
	int saved, told, logged, left;

	if (geteuid() != 0) {
		fprintf(stderr, "check_save: not root, the full-directory case "
		    "is skipped\n");
		return;
	}
	snprintf(path, sizeof path, "%s/F", savedir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(cmd, sizeof cmd, "mount -t tmpfs -o size=16k,mode=0700 "
	    "rti-save-full '%s' 2>/dev/null", path);
	if (system(cmd) != 0) {
		fprintf(stderr, "check_save: cannot mount a tmpfs here, the "
		    "full-directory case is skipped\n");
		return;
	}
	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	saved = save_all(ts, 1, "full");
	told = tfed_find(ts[0], "notsaved:0") >= 0;
	logged = rtiexec_log_has(&rx, "cannot write save 'full'");
	left = entries();
	snprintf(cmd, sizeof cmd, "umount '%s'", path);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert(!saved);
	ck_assert(told);
	ck_assert(logged);
	ck_assert_int_eq(left, 0);
	/* the federation carries on: a save with room works */
	tfed_clear(ts[0]);
	ck_assert(save_all(ts, 1, "full"));
	ck_assert(file_exists("full"));
	tfed_free(ts[0]);
}
END_TEST

/* Change the saved file of `label`: truncate to `keep` bytes (keep >=
 * 0), else flip byte -keep-1 counted from the start. */
static void
damage(const char *label, long keep, long flip)
{
	char path[512];
	struct stat st;
	unsigned char b;
	int fd;

	snprintf(path, sizeof path, "%s/F/%s.rtisave", savedir, label);
	ck_assert_int_eq(stat(path, &st), 0);
	if (keep >= 0) {
		ck_assert_int_eq(truncate(path, keep), 0);
		return;
	}
	fd = open(path, O_RDWR);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pread(fd, &b, 1, flip), 1);
	b ^= 0x01;
	ck_assert_int_eq(pwrite(fd, &b, 1, flip), 1);
	close(fd);
}

/* Copy save `from` to `to`. */
static void
copy_save(const char *from, const char *to)
{
	char cmd[1024];

	snprintf(cmd, sizeof cmd, "cp '%s/F/%s.rtisave' '%s/F/%s.rtisave'",
	    savedir, from, savedir, to);
	ck_assert_int_eq(system(cmd), 0);
}

static void
expect_refused(struct tfed **ts, size_t n, const char *label,
    const char *why)
{
	char ev[256];
	int i;

	tfed_clear(ts[0]);
	ck_assert_int_eq(rti_request_federation_restore(ts[0]->amb, label),
	    RTI_OK);
	snprintf(ev, sizeof ev, "rfail:%s:", label);
	ck_assert(tfed_wait_all(ts, n, ts[0], ev));
	i = tfed_find(ts[0], ev);
	if (!strstr(ts[0]->events[i], why))
		tfed_dump(ts[0], "requester");
	ck_assert_ptr_nonnull(strstr(ts[0]->events[i], why));
	/* nothing began; the federation is as it was */
	ck_assert_int_lt(tfed_find(ts[0], "rbegun"), 0);
	ck_assert_int_eq(rti_query_federation_restore_status(ts[0]->amb),
	    RTI_OK);
	ck_assert(tfed_wait(ts[0], "rstatus:"));
}

START_TEST(test_bad_files)
{
	struct tfed *ts[2];
	struct stat st;
	char path[512];
	rti_time now;

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert_int_eq(rti_enable_time_constrained(ts[0]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "constrained_enabled"));
	ck_assert(save_all(ts, 2, "good"));
	snprintf(path, sizeof path, "%s/F/good.rtisave", savedir);
	ck_assert_int_eq(stat(path, &st), 0);
	expect_refused(ts, 2, "missing", "no save of that label");
	copy_save("good", "trunc");
	damage("trunc", st.st_size / 2, 0);
	expect_refused(ts, 2, "trunc", "damaged");
	copy_save("good", "flip");
	damage("flip", -1, st.st_size / 2);
	expect_refused(ts, 2, "flip", "damaged");
	copy_save("good", "version");
	damage("version", -1, 9);   /* the version's low byte */
	expect_refused(ts, 2, "version", "version");
	/* a temporary left by a crash mid-write is never taken */
	{
		char cmd[1024];

		snprintf(cmd, sizeof cmd, "cp '%s/F/good.rtisave' "
		    "'%s/F/.stray.tmp.12345'", savedir, savedir);
		ck_assert_int_eq(system(cmd), 0);
		expect_refused(ts, 2, "stray", "no save of that label");
	}
	/* the state did not change: still constrained, time 0 */
	ck_assert_int_eq(rti_enable_time_constrained(ts[0]->amb),
	    RTI_ERR_TIME_CONSTRAINED_ALREADY_ENABLED);
	ck_assert_int_eq(rti_query_logical_time(ts[0]->amb, &now), RTI_OK);
	ck_assert(now.f64 == 0);
	/* and the good one restores */
	ck_assert(restore_all(ts, 2, "good"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

START_TEST(test_types_and_fom_mismatch)
{
	struct tfed *ts[2];
	char cmd[1024];

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert(save_all(ts, 2, "two"));
	tfed_free(ts[1]);
	ts[1] = join(&rx, HELLO, "gamma", "TypeC");
	expect_refused(ts, 2, "two", "federate types do not match");
	tfed_free(ts[1]);
	ts[1] = join(&rx, HELLO, "beta2", "TypeB");
	ck_assert(restore_all(ts, 2, "two"));
	ck_assert_int_ge(tfed_find(ts[1], "irestore:two:beta:2"), 0);
	tfed_free(ts[1]);
	tfed_free(ts[0]);
	/* the same save put under a federation of another FOM */
	ts[0] = tfed_new(&rx);
	ck_assert_int_eq(rti_resign_federation_execution(ts[0]->amb,
	    RTI_RESIGN_NO_ACTION), RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	tfed_free(ts[0]);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	start();
	ts[0] = join(&rx, GRID, "alpha", "TypeA");
	ts[1] = join(&rx, GRID, "beta", "TypeB");
	snprintf(cmd, sizeof cmd, "test -f '%s/F/two.rtisave'", savedir);
	ck_assert_int_eq(system(cmd), 0);
	expect_refused(ts, 2, "two", "FOM does not match");
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

START_TEST(test_restore_in_new_rtiexec)
{
	struct tfed *ts[2];
	rti_time now;

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert_int_eq(rti_enable_time_regulation(ts[1]->amb, ft(2)),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "regulation_enabled"));
	advance(ts, 2, ts[1], 7);
	ck_assert(save_all(ts, 2, "crash"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
	/* the first rtiexec dies */
	rtiexec_kill(&rx);
	start();
	/* joined in the other order: matched by type */
	ts[0] = join(&rx, HELLO, "b-again", "TypeB");
	ts[1] = join(&rx, HELLO, "a-again", "TypeA");
	ck_assert(restore_all(ts, 2, "crash"));
	ck_assert_int_ge(tfed_find(ts[0], "irestore:crash:beta:2"), 0);
	ck_assert_int_ge(tfed_find(ts[1], "irestore:crash:alpha:1"), 0);
	ck_assert_int_eq(rti_query_logical_time(ts[0]->amb, &now), RTI_OK);
	ck_assert(now.f64 == 7);
	ck_assert_int_eq(rti_enable_time_regulation(ts[0]->amb, ft(1)),
	    RTI_ERR_TIME_REGULATION_ALREADY_ENABLED);
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

START_TEST(test_timed_save)
{
	struct tfed *ts[2];
	rti_time now;

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	/* no time-constrained federate: initiated for all at once */
	ck_assert_int_eq(rti_request_federation_save_at_time(ts[1]->amb,
	    "t0", ft(7)), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "isave:t0:1:7"));
	ck_assert(tfed_wait_all(ts, 2, ts[1], "isave:t0:1:7"));
	ck_assert_int_eq(rti_abort_federation_save(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "notsaved:5"));
	ck_assert(tfed_wait_all(ts, 2, ts[1], "notsaved:5"));
	tfed_clear(ts[0]);
	tfed_clear(ts[1]);
	ck_assert_int_eq(rti_enable_time_regulation(ts[0]->amb, ft(1)),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "regulation_enabled"));
	ck_assert_int_eq(rti_enable_time_constrained(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "constrained_enabled"));
	advance(ts, 2, ts[0], 3);
	ck_assert_int_eq(rti_request_federation_save_at_time(ts[0]->amb,
	    "t", ft(2)), RTI_ERR_LOGICAL_TIME_ALREADY_PASSED);
	ck_assert_int_eq(rti_request_federation_save_at_time(ts[0]->amb,
	    "t", ft(5)), RTI_OK);
	/* beta is at 0: nobody is initiated yet */
	tfed_pump(ts[0], 0.2);
	tfed_pump(ts[1], 0.2);
	ck_assert_int_lt(tfed_find(ts[0], "isave:"), 0);
	ck_assert_int_lt(tfed_find(ts[1], "isave:"), 0);
	/* alpha lets time go far; beta asks past the save time: granted
	 * no further than it */
	advance(ts, 2, ts[0], 20);
	tfed_clear(ts[1]);
	ck_assert_int_eq(rti_time_advance_request(ts[1]->amb, ft(10)),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "isave:t:1:5"));
	ck_assert(tfed_wait_all(ts, 2, ts[0], "isave:t:1:5"));
	/* granted the save time first, nothing past it before the save */
	ck_assert_int_ge(tfed_find(ts[1], "grant:5"), 0);
	ck_assert_int_lt(tfed_find(ts[1], "grant:5"),
	    tfed_find(ts[1], "isave:t"));
	ck_assert_uint_eq(tfed_count(ts[1], "grant:"), 1);
	ck_assert_int_eq(rti_query_logical_time(ts[1]->amb, &now),
	    RTI_ERR_SAVE_IN_PROGRESS);
	ck_assert_int_eq(rti_federate_save_begun(ts[0]->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_complete(ts[0]->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_begun(ts[1]->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_complete(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "saved"));
	/* alpha's librti too ends its save only when its "saved" comes */
	ck_assert(tfed_wait_all(ts, 2, ts[0], "saved"));
	/* after the save the pending request carries on */
	ck_assert(tfed_wait_all(ts, 2, ts[1], "grant:10"));
	/* waiting for its time (beta is at 10), then aborted */
	ck_assert_int_eq(rti_request_federation_save_at_time(ts[0]->amb,
	    "t2", ft(20)), RTI_OK);
	ck_assert_int_eq(rti_abort_federation_save(ts[0]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "notsaved:5"));
	ck_assert_int_lt(tfed_find(ts[1], "isave:t2"), 0);
	/* a constrained federate (beta, 10) past the time gamma asks for
	 * (5): cannot be honoured */
	{
		struct tfed *all[3];

		all[0] = ts[0];
		all[1] = ts[1];
		all[2] = join(&rx, HELLO, "gamma", "TypeC");
		ck_assert_int_eq(rti_enable_time_constrained(all[2]->amb),
		    RTI_OK);
		ck_assert(tfed_wait_all(all, 3, all[2],
		    "constrained_enabled"));
		tfed_clear(all[1]);
		ck_assert_int_eq(rti_request_federation_save_at_time(
		    all[2]->amb, "t3", ft(5)), RTI_OK);
		ck_assert(tfed_wait_all(all, 3, all[2], "notsaved:4"));
		ck_assert(tfed_wait_all(all, 3, all[1], "notsaved:4"));
		ck_assert_int_lt(tfed_find(all[1], "isave:"), 0);
		tfed_free(all[2]);
	}
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/* The consistent cut: a timestamp-order message held by the receiver's
 * librti at the save is held again after the restore. */
START_TEST(test_held_messages_cut)
{
	struct tfed *ts[2];
	rti_interaction_class_handle hello;
	rti_time now;

	ts[0] = join(&rx, GRID, "alpha", "TypeA");
	ts[1] = join(&rx, GRID, "beta", "TypeB");
	ck_assert_int_eq(rti_get_interaction_class_handle(ts[0]->amb,
	    "GridEvent", &hello), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(ts[0]->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(ts[1]->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_enable_time_regulation(ts[0]->amb, ft(1)),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "regulation_enabled"));
	ck_assert_int_eq(rti_enable_time_constrained(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "constrained_enabled"));
	ck_assert_int_eq(rti_send_interaction_at(ts[0]->amb, hello, NULL, 0,
	    "m10", 3, ft(10), NULL), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(ts[0]->amb), RTI_OK);
	ck_assert(save_all(ts, 2, "cut"));
	/* held, not delivered: beta is at 0 */
	ck_assert_int_lt(tfed_find(ts[1], "interaction:"), 0);
	advance(ts, 2, ts[0], 20);
	advance(ts, 2, ts[1], 15);
	if (tfed_count(ts[1], "interaction:m10:10") != 1)
		tfed_dump(ts[1], "beta");
	ck_assert_uint_eq(tfed_count(ts[1], "interaction:m10:10"), 1);
	ck_assert(restore_all(ts, 2, "cut"));
	ck_assert_int_eq(rti_query_logical_time(ts[1]->amb, &now), RTI_OK);
	ck_assert(now.f64 == 0);
	tfed_clear(ts[1]);
	tfed_pump(ts[1], 0.2);
	ck_assert_int_lt(tfed_find(ts[1], "interaction:"), 0);
	/* held again: delivered again at the grant past it */
	advance(ts, 2, ts[0], 20);
	advance(ts, 2, ts[1], 15);
	if (tfed_count(ts[1], "interaction:m10:10") != 1)
		tfed_dump(ts[1], "beta");
	ck_assert_uint_eq(tfed_count(ts[1], "interaction:m10:10"), 1);
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/* Declarations come back: librti's (what may be sent) and rtiexec's
 * (who subscribes, what was advised). */
START_TEST(test_declarations_restored)
{
	struct tfed *ts[2];
	rti_interaction_class_handle ev;

	ts[0] = join(&rx, GRID, "alpha", "TypeA");
	ts[1] = join(&rx, GRID, "beta", "TypeB");
	ck_assert_int_eq(rti_get_interaction_class_handle(ts[0]->amb,
	    "GridEvent", &ev), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(ts[0]->amb, ev),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(ts[1]->amb, ev),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "ic_on"));
	ck_assert(save_all(ts, 2, "decl"));
	ck_assert_int_eq(rti_unsubscribe_interaction_class(ts[1]->amb, ev),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "ic_off"));
	ck_assert_int_eq(rti_unpublish_interaction_class(ts[0]->amb, ev),
	    RTI_OK);
	ck_assert_int_eq(rti_send_interaction(ts[0]->amb, ev, NULL, 0, NULL,
	    0), RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED);
	ck_assert(restore_all(ts, 2, "decl"));
	/* published again here */
	ck_assert_int_eq(rti_send_interaction(ts[0]->amb, ev, NULL, 0, NULL,
	    0), RTI_OK);
	/* subscribed and advised again in rtiexec: the unsubscribe turns
	 * alpha's interactions off once more */
	tfed_clear(ts[0]);
	ck_assert_int_eq(rti_unsubscribe_interaction_class(ts[1]->amb, ev),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "ic_off"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/* A pending synchronization point comes back as saved: who achieved it
 * and who not. */
START_TEST(test_sync_points_restored)
{
	struct tfed *ts[2];

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert_int_eq(rti_register_federation_synchronization_point(
	    ts[0]->amb, "p", "t", 1, NULL, 0), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "announce:p"));
	ck_assert(tfed_wait_all(ts, 2, ts[0], "announce:p"));
	ck_assert_int_eq(rti_synchronization_point_achieved(ts[0]->amb, "p",
	    1), RTI_OK);
	ck_assert(save_all(ts, 2, "sync"));
	ck_assert_int_eq(rti_synchronization_point_achieved(ts[1]->amb, "p",
	    1), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "synchronized:p"));
	ck_assert_int_eq(rti_synchronization_point_achieved(ts[1]->amb, "p",
	    1), RTI_ERR_SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED);
	ck_assert(restore_all(ts, 2, "sync"));
	/* pending again, alpha's achievement kept */
	tfed_clear(ts[0]);
	ck_assert_int_eq(rti_synchronization_point_achieved(ts[1]->amb, "p",
	    1), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "synchronized:p"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/* The restore status at each stage, and an abort. */
START_TEST(test_restore_status_and_abort)
{
	struct tfed *ts[2];

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert(save_all(ts, 2, "st"));
	ck_assert_int_eq(rti_federate_restore_complete(ts[0]->amb),
	    RTI_ERR_RESTORE_NOT_REQUESTED);
	ck_assert_int_eq(rti_abort_federation_restore(ts[0]->amb),
	    RTI_ERR_RESTORE_NOT_IN_PROGRESS);
	ck_assert_int_eq(rti_query_federation_restore_status(ts[1]->amb),
	    RTI_OK);
	ck_assert(tfed_wait(ts[1], "rstatus:1>0=0,2>0=0"));
	ck_assert_int_eq(rti_request_federation_restore(ts[0]->amb, "st"),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "irestore:st:alpha:1"));
	ck_assert(tfed_wait_all(ts, 2, ts[1], "irestore:st:beta:2"));
	ck_assert_int_ge(tfed_find(ts[1], "rbegun"), 0);
	ck_assert_int_lt(tfed_find(ts[1], "rbegun"),
	    tfed_find(ts[1], "irestore:"));
	/* only the requester hears of the request's success */
	ck_assert_int_lt(tfed_find(ts[1], "rok:"), 0);
	ck_assert_int_eq(rti_federate_restore_complete(ts[0]->amb), RTI_OK);
	tfed_clear(ts[1]);
	ck_assert_int_eq(rti_query_federation_restore_status(ts[1]->amb),
	    RTI_OK);
	ck_assert(tfed_wait(ts[1], "rstatus:1>1=5,2>2=4"));
	ck_assert_int_eq(rti_request_federation_save(ts[1]->amb, "x"),
	    RTI_ERR_RESTORE_IN_PROGRESS);
	{
		struct tfed *late = tfed_new(&rx);

		ck_assert_ptr_nonnull(late);
		ck_assert_int_eq(rti_join_federation_execution(late->amb,
		    "late", "TypeC", "F", &late->handle),
		    RTI_ERR_RESTORE_IN_PROGRESS);
		tfed_free(late);
	}
	ck_assert_int_eq(rti_abort_federation_restore(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "notrestored:4"));
	ck_assert(tfed_wait_all(ts, 2, ts[1], "notrestored:4"));
	/* usable: a save works again */
	tfed_clear(ts[0]);
	tfed_clear(ts[1]);
	ck_assert(save_all(ts, 2, "after"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/* A save that outlasts several heartbeat periods: the heartbeats librti
 * sends meanwhile are not refused services (no SAVE_IN_PROGRESS notice
 * lands in the error message), and the save then completes. */
START_TEST(test_heartbeats_during_save)
{
	const char *args[] = { "--save-dir", savedir, "--heartbeat-timeout",
	    "1", NULL };
	struct tfed *ts[2];
	size_t i;

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	if (getenv("RTI_TEST_WRAPPER"))
		args[3] = "10";
	ck_assert_int_eq(rtiexec_start(&rx, args), 0);
	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert_int_eq(rti_request_federation_save(ts[0]->amb, "hb"),
	    RTI_OK);
	for (i = 0; i < 2; i++)
		ck_assert(tfed_wait_all(ts, 2, ts[i], "isave:hb:0"));
	/* several periods (a fifth of the timeout each) */
	for (i = 0; i < 6; i++) {
		tfed_pump(ts[0], 0.25);
		tfed_pump(ts[1], 0.25);
	}
	for (i = 0; i < 2; i++) {
		ck_assert_ptr_null(strstr(rti_error_message(ts[i]->amb),
		    "in progress"));
		ck_assert_int_eq(rti_federate_save_begun(ts[i]->amb), RTI_OK);
		ck_assert_int_eq(rti_federate_save_complete(ts[i]->amb),
		    RTI_OK);
	}
	for (i = 0; i < 2; i++)
		ck_assert(tfed_wait_all(ts, 2, ts[i], "saved"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/* Beta takes save "a" only after alpha aborted it and asked for "b": its
 * seen of "a" reaches rtiexec while "b" is initiated.  What beta sends
 * between "a" not saved and "b" initiated was sent before it knew of "b"
 * and is carried out (a seen of an ended save fences nothing). */
START_TEST(test_seen_of_an_ended_save)
{
	struct tfed *ts[2];
	size_t i;

	ts[0] = join(&rx, HELLO, "alpha", "TypeA");
	ts[1] = join(&rx, HELLO, "beta", "TypeB");
	ck_assert_int_eq(rti_request_federation_save(ts[0]->amb, "a"),
	    RTI_OK);
	ck_assert(tfed_wait(ts[0], "isave:a:0"));
	ck_assert_int_eq(rti_abort_federation_save(ts[0]->amb), RTI_OK);
	ck_assert(tfed_wait(ts[0], "notsaved:"));
	ck_assert_int_eq(rti_request_federation_save(ts[0]->amb, "b"),
	    RTI_OK);
	ck_assert(tfed_wait(ts[0], "isave:b:0"));
	reg_on_not_saved = ts[1];
	ck_assert(tfed_wait(ts[1], "isave:b:0"));
	ck_assert_int_ge(tfed_find(ts[1], "notsaved:"), 0);
	ck_assert_int_ge(tfed_find(ts[1], "reg:0"), 0);
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(rti_federate_save_begun(ts[i]->amb), RTI_OK);
		ck_assert_int_eq(rti_federate_save_complete(ts[i]->amb),
		    RTI_OK);
	}
	for (i = 0; i < 2; i++)
		ck_assert(tfed_wait_all(ts, 2, ts[i], "saved"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST


/* rtiexec again with `extra` after --save-dir (NULL-terminated, at most
 * 6). */
static void
restart(const char *const *extra)
{
	const char *args[10] = { "--save-dir", savedir };
	size_t n = 2;

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	while (extra && *extra && n < 9)
		args[n++] = *extra++;
	args[n] = NULL;
	ck_assert_int_eq(rtiexec_start(&rx, args), 0);
}

static void
touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	ck_assert_int_ge(fd, 0);
	close(fd);
}

/*
 * Every valid label has a file: a label of 300 characters and one of
 * 1024 bytes of '/' and '.' are saved and restored (their file names are
 * hashed, the label is kept inside the file); the save directory holds
 * nothing outside F.  A temporary left by an rtiexec that was killed
 * (".LABEL.tmp.PID" of a PID no longer running) is removed when rtiexec
 * starts; one of a running process is left alone.
 */
START_TEST(test_long_labels_and_temps)
{
	char lab300[301], lab1k[1025], dead[256], live[256], path[512];
	struct tfed *ts[2];
	struct stat st;

	snprintf(path, sizeof path, "%s/F", savedir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(dead, sizeof dead, "%s/F/.old.tmp.999999999", savedir);
	snprintf(live, sizeof live, "%s/F/.old.tmp.%d", savedir,
	    (int)getpid());
	touch(dead);
	touch(live);
	restart(NULL);
	/* swept after the port is written, before the loop runs: as long
	 * as a start may take (RTIEXEC_WAIT_S; WAIT_S once fell short under
	 * the sanitizers beside a busy loop) */
	{
		double end = tfed_now() + RTIEXEC_WAIT_S;

		while (!rtiexec_log_has(&rx, "1 temporary of an rtiexec that "
		    "stopped during a save removed") && tfed_now() < end)
			usleep(20000);
	}
	ck_assert(rtiexec_log_has(&rx, "1 temporary of an rtiexec that "
	    "stopped during a save removed"));
	ck_assert_int_ne(stat(dead, &st), 0);
	ck_assert_int_eq(stat(live, &st), 0);
	unlink(live);
	memset(lab300, 'x', 300);
	lab300[300] = '\0';
	memset(lab1k, '/', 1024);
	memcpy(lab1k, "../..", 5);
	lab1k[1024] = '\0';
	ts[0] = join(&rx, GRID, "alpha", "TypeA");
	ts[1] = join(&rx, GRID, "beta", "TypeB");
	ck_assert(save_all(ts, 2, lab300));
	tfed_clear(ts[0]);
	tfed_clear(ts[1]);
	ck_assert(save_all(ts, 2, lab1k));
	ck_assert_int_eq(entries(), 2);
	tfed_clear(ts[0]);
	tfed_clear(ts[1]);
	ck_assert(restore_all(ts, 2, lab300));
	tfed_clear(ts[0]);
	tfed_clear(ts[1]);
	ck_assert(restore_all(ts, 2, lab1k));
	tfed_clear(ts[0]);
	tfed_clear(ts[1]);
	/* the labels, not the names, are what restores */
	lab300[299] = 'y';
	ck_assert_int_eq(rti_request_federation_restore(ts[0]->amb, lab300),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "rfail:"));
	ck_assert_ptr_nonnull(strstr(ts[0]->events[tfed_find(ts[0],
	    "rfail:")], "no save of that label"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/*
 * A federation directory that is a symbolic link inside the save
 * directory is not followed: the save is not saved (RTI_UNABLE_TO_SAVE,
 * the reason logged), nothing is written where the link points, and a
 * restore of the federation finds no save.
 */
START_TEST(test_symlinked_federation_dir)
{
	char out[160], link[256], probe[300];
	struct tfed *ts[2];
	DIR *d;
	struct dirent *e;
	int n = 0;

	snprintf(out, sizeof out, "%s-outside", savedir);
	ck_assert_int_eq(mkdir(out, 0700), 0);
	snprintf(link, sizeof link, "%s/F", savedir);
	ck_assert_int_eq(symlink(out, link), 0);
	ts[0] = join(&rx, GRID, "alpha", "TypeA");
	ts[1] = join(&rx, GRID, "beta", "TypeB");
	ck_assert(!save_all(ts, 2, "s1"));
	ck_assert(tfed_wait_all(ts, 2, ts[0], "notsaved:"));
	ck_assert(rtiexec_log_has(&rx, "is not a directory (a symbolic link "
	    "is not followed)"));
	ck_assert_ptr_nonnull(d = opendir(out));
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	ck_assert_int_eq(n, 0);
	/* a save file put there by someone else is not read either */
	snprintf(probe, sizeof probe, "%s/s1.rtisave", out);
	touch(probe);
	ck_assert_int_eq(rti_request_federation_restore(ts[0]->amb, "s1"),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "rfail:"));
	unlink(probe);
	rmdir(out);
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/* A sparse file of `size` bytes at DIR/F/LABEL.rtisave, starting with
 * `head` (NULL: nothing). */
static void
sparse_save(const char *label, off_t size, const char *head)
{
	char path[512];
	int fd;

	snprintf(path, sizeof path, "%s/F", savedir);
	(void)mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/F/%s.rtisave", savedir, label);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	if (head)
		ck_assert_int_eq(write(fd, head, 8), 8);
	ck_assert_int_eq(ftruncate(fd, size), 0);
	close(fd);
}

/*
 * Big save files.  One past --max-save-size (here 1 MiB; a sparse file of
 * 512 MiB) is refused up front with the reason; a file of 200 MiB that is
 * not a save (its header) is refused without being read: rtiexec's
 * memory does not grow by its size.  Meanwhile the federates of another
 * federation are answered, and those of F can still save and restore.
 */
START_TEST(test_big_save_files)
{
	static const char *const small[] = { "--max-save-size", "1048576",
		NULL };
	struct tfed *ts[2], *o;
	const char *ev;
	long rss0, rss1;

	restart(small);
	ts[0] = join(&rx, GRID, "alpha", "TypeA");
	ts[1] = join(&rx, GRID, "beta", "TypeB");
	o = tfed_new(&rx);
	ck_assert_ptr_nonnull(o);
	ck_assert_int_eq(tfed_create_join(o, "Other", HELLO, "o"), RTI_OK);
	sparse_save("huge", (off_t)512 << 20, "RTISAVE");
	ck_assert_int_eq(rti_request_federation_restore(ts[0]->amb, "huge"),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "rfail:"));
	ev = ts[0]->events[tfed_find(ts[0], "rfail:")];
	ck_assert_msg(strstr(ev, "more than --max-save-size (1048576)") !=
	    NULL, "%s", ev);
	tfed_clear(ts[0]);
	restart(NULL);
	tfed_free(o);
	tfed_free(ts[1]);
	tfed_free(ts[0]);
	ts[0] = join(&rx, GRID, "alpha", "TypeA");
	ts[1] = join(&rx, GRID, "beta", "TypeB");
	o = tfed_new(&rx);
	ck_assert_ptr_nonnull(o);
	ck_assert_int_eq(tfed_create_join(o, "Other", HELLO, "o"), RTI_OK);
	sparse_save("junk", (off_t)200 << 20, "NOTASAVE");
	rss0 = rtiexec_status_kb(&rx, "VmHWM");
	ck_assert_int_eq(rti_request_federation_restore(ts[0]->amb, "junk"),
	    RTI_OK);
	ck_assert_int_eq(rti_register_federation_synchronization_point(o->amb,
	    "other", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(o, "announce:other"));
	ck_assert(tfed_wait_all(ts, 2, ts[0], "rfail:"));
	rss1 = rtiexec_status_kb(&rx, "VmHWM");
	ev = ts[0]->events[tfed_find(ts[0], "rfail:")];
	ck_assert_msg(strstr(ev, "not a save file") != NULL, "%s", ev);
	ck_assert_msg(rss1 - rss0 < 32 * 1024, "peak memory grew by %ld kB "
	    "refusing a 200 MiB file that is not a save", rss1 - rss0);
	ck_assert(save_all(ts, 2, "fine"));
	ck_assert(restore_all(ts, 2, "fine"));
	tfed_free(o);
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

/*
 * What federates may make rtiexec write and hold is bounded: with
 * --max-save-size 1 MiB, a constrained federate that holds 1.25 MiB of
 * timestamp-order messages makes its save not saved (RTI_UNABLE_TO_SAVE,
 * rtiexec logs that the held messages pass --max-save-size) instead of a
 * save of that size; nothing is written, and a later save of less
 * succeeds.
 */
START_TEST(test_collected_bounded)
{
	static const char *const small[] = { "--max-save-size", "1048576",
		NULL };
	static char tag[64 * 1024];
	struct tfed *ts[2];
	rti_interaction_class_handle hello;
	char ev[64];
	int i;

	restart(small);
	memset(tag, 'h', sizeof tag);
	ts[0] = join(&rx, GRID, "alpha", "TypeA");
	ts[1] = join(&rx, GRID, "beta", "TypeB");
	ck_assert_int_eq(rti_get_interaction_class_handle(ts[0]->amb,
	    "GridEvent", &hello), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(ts[0]->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(ts[1]->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_enable_time_regulation(ts[0]->amb, ft(1)),
	    RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[0], "regulation_enabled"));
	ck_assert_int_eq(rti_enable_time_constrained(ts[1]->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, ts[1], "constrained_enabled"));
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(rti_send_interaction_at(ts[0]->amb, hello,
		    NULL, 0, tag, sizeof tag, ft(10 + i), NULL), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(ts[0]->amb), RTI_OK);
	tfed_barrier(ts[1]);
	ck_assert(!save_all(ts, 2, "heavy"));
	snprintf(ev, sizeof ev, "notsaved:%d", (int)RTI_SAVE_RTI_UNABLE_TO_SAVE);
	ck_assert(tfed_wait_all(ts, 2, ts[0], ev));
	ck_assert(rtiexec_log_has(&rx, "more than --max-save-size"));
	ck_assert(!file_exists("heavy"));
	/* delivered, the messages are no longer held: a save fits */
	advance(ts, 2, ts[0], 40);
	advance(ts, 2, ts[1], 35);
	ck_assert(save_all(ts, 2, "light"));
	ck_assert(file_exists("light"));
	tfed_free(ts[1]);
	tfed_free(ts[0]);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("save");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_save_restore_time);
	tcase_add_test(tc, test_frames_before_the_initiate);
	tcase_add_test(tc, test_killed_during_save);
	tcase_add_test(tc, test_killed_during_restore);
	tcase_add_test(tc, test_unwritable_dir);
	tcase_add_test(tc, test_full_dir);
	tcase_add_test(tc, test_bad_files);
	tcase_add_test(tc, test_types_and_fom_mismatch);
	tcase_add_test(tc, test_restore_in_new_rtiexec);
	tcase_add_test(tc, test_timed_save);
	tcase_add_test(tc, test_held_messages_cut);
	tcase_add_test(tc, test_declarations_restored);
	tcase_add_test(tc, test_sync_points_restored);
	tcase_add_test(tc, test_restore_status_and_abort);
	tcase_add_test(tc, test_heartbeats_during_save);
	tcase_add_test(tc, test_seen_of_an_ended_save);
	tcase_add_test(tc, test_long_labels_and_temps);
	tcase_add_test(tc, test_symlinked_federation_dir);
	tcase_add_test(tc, test_big_save_files);
	tcase_add_test(tc, test_collected_bounded);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
