/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_mcast.c - rtibench's multicast mode: what ten subscribers that
 * want the same best-effort data cost rtiexec, with --multicast off and
 * on.  Two running rtiexecs (--mc-off and --mc-on: URL,HTTP,PID), the
 * same workload on each: this process publishes, MC_SUBS forked
 * subscribers each enter a network namespace of --mc-netns (setns) and
 * join from there, so that every datagram crosses a link
 * (test/bench/netns_mcast.sh).  Per run: rtiexec's CPU (/proc/PID/stat)
 * per delivered update, the datagrams and bytes it sent (its /metrics
 * rti_udp_* and rti_multicast_*), and the updates each subscriber
 * delivered; then the ratios on/off.  With --mc-cells the subscribers
 * filter by area (two per area, MC_AREAS areas; the instances are sent
 * with condition A<k>/S<i>), both rtiexecs run --multicast, with
 * --multicast-cell-depth 0 (one group for the class) and 1 (a group per
 * area), and each subscriber also reports the group bytes it received
 * and the group messages it dropped as not addressed to it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "fed.h"

#define MC_SUBS 10
#define MC_INSTANCES 100
#define MC_ATTRS 4
#define MC_BATCH 100              /* updates per 10 ms: 10000 per s */
#define MC_SECONDS 5.0
#define MC_AREAS 5                /* --mc-cells */

struct mc_target {
	struct bench_rtiexec r;   /* url and pid */
	char http[64];            /* IPV4:PORT of its --http */
};

struct mc_counts {
	double cpu_s;
	uint64_t udp_dg, udp_bytes, mc_dg, mc_bytes, failed;
};

struct mc_sub {
	size_t discovered, reflected;
};

/* What a subscriber reports at the end of a run. */
struct mc_got {
	size_t reflected;
	unsigned long long rx_bytes, not_addressed;
};

static void
sub_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle p)
{
	(void)obj, (void)cls, (void)name, (void)p;
	((struct mc_sub *)arg)->discovered++;
}

static void
sub_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *values, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)obj, (void)values, (void)n, (void)tag, (void)tag_len;
	(void)info;
	((struct mc_sub *)arg)->reflected++;
}

/* "URL,IPV4:PORT,PID" into *t; 0 or -1. */
static int
parse_target(const char *opt, const char *s, struct mc_target *t)
{
	const char *c1, *c2;
	char *end;
	long pid;

	memset(t, 0, sizeof *t);
	if (!s || !(c1 = strchr(s, ',')) || !(c2 = strchr(c1 + 1, ',')) ||
	    (size_t)(c1 - s) >= sizeof t->r.url ||
	    (size_t)(c2 - c1 - 1) >= sizeof t->http) {
		fprintf(stderr, "rtibench: multicast needs %s URL,IPV4:PORT,"
		    "PID (rtiexec's URL, --http address, process id)\n",
		    opt);
		return -1;
	}
	memcpy(t->r.url, s, (size_t)(c1 - s));
	memcpy(t->http, c1 + 1, (size_t)(c2 - c1 - 1));
	errno = 0;
	pid = strtol(c2 + 1, &end, 10);
	if (errno || *end || pid <= 0) {
		fprintf(stderr, "rtibench: %s: bad process id '%s'\n", opt,
		    c2 + 1);
		return -1;
	}
	t->r.pid = (pid_t)pid;
	return 0;
}

/* The value of the unlabelled metric `name` in `text`, or 0. */
static uint64_t
metric(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = text; (p = strstr(p, name)); p += n)
		if ((p == text || p[-1] == '\n') && p[n] == ' ')
			return strtoull(p + n + 1, NULL, 10);
	return 0;
}

/* GET /metrics from `http` (IPV4:PORT) into a malloc'd string, or NULL. */
static char *
get_metrics(const char *http)
{
	struct sockaddr_in sa;
	char host[64], *colon, *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t k;
	int fd;

	snprintf(host, sizeof host, "%s", http);
	if (!(colon = strrchr(host, ':')))
		return NULL;
	*colon = 0;
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)atoi(colon + 1));
	if (inet_pton(AF_INET, host, &sa.sin_addr) != 1 ||
	    (fd = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		return NULL;
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0 ||
	    bench_write_all(fd, "GET /metrics HTTP/1.0\r\n\r\n", 25) < 0) {
		close(fd);
		return NULL;
	}
	for (;;) {
		if (cap - len < 4096) {
			char *nb = realloc(buf, cap = cap * 2 + 65536);

			if (!nb)
				break;
			buf = nb;
		}
		if ((k = recv(fd, buf + len, cap - len - 1, 0)) <= 0)
			break;
		len += (size_t)k;
	}
	close(fd);
	if (buf)
		buf[len] = 0;
	return buf;
}

static int
counts(const struct mc_target *t, struct mc_counts *c)
{
	struct bench_rtiexec self;
	char *m = get_metrics(t->http);

	memset(&self, 0, sizeof self);
	/* rtiexec's own: bench_cpu_s adds this process's */
	c->cpu_s = bench_cpu_s(&t->r) - bench_cpu_s(&self);
	if (!m) {
		fprintf(stderr, "rtibench: multicast: no /metrics from %s\n",
		    t->http);
		return -1;
	}
	c->udp_dg = metric(m, "rti_udp_datagrams_sent_total");
	c->udp_bytes = metric(m, "rti_udp_sent_bytes_total");
	c->mc_dg = metric(m, "rti_multicast_datagrams_sent_total");
	c->mc_bytes = metric(m, "rti_multicast_sent_bytes_total");
	c->failed = metric(m, "rti_udp_send_failed_total") +
	    metric(m, "rti_multicast_send_failed_total");
	free(m);
	return 0;
}

static int
members(const struct mc_target *t)
{
	char *m = get_metrics(t->http);
	int n = m ? (int)metric(m, "rti_multicast_members") : -1;

	free(m);
	return n;
}

/* A subscriber in namespace `ns`: join, subscribe SampleBE, discover the
 * publisher's instances, say 'r'; reflect until the parent writes (or
 * closes) `cmd`, then until 0.5 s without one; write the count. */
static void __attribute__((noreturn))
subscriber(const struct mc_target *t, const char *ns, int idx, int cells,
    int cmd, int res)
{
	struct mc_sub s = { 0, 0 };
	struct rti_callbacks cb;
	struct rti_transport_stats st;
	rti_ambassador *amb;
	rti_object_class_handle cls;
	rti_attribute_handle at[MC_ATTRS];
	char path[128], an[4], name[16], cond[16];
	double deadline, quiet;
	size_t prev;
	int fd, i;

	snprintf(path, sizeof path, "/run/netns/%s", ns);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 ||
	    setns(fd, CLONE_NEWNET) < 0) {
		fprintf(stderr, "rtibench: network namespace %s: %s\n", ns,
		    strerror(errno));
		_exit(1);
	}
	close(fd);
	memset(&cb, 0, sizeof cb);
	cb.discover_object_instance = sub_discover;
	cb.reflect_attribute_values = sub_reflect;
	snprintf(name, sizeof name, "sub%d", idx);
	amb = bench_join(&t->r, "multicast", name, &cb, &s, "BenchBE.xml");
	BENCH_CHECK(amb, rti_get_object_class_handle(amb, "SampleBE", &cls));
	for (i = 0; i < MC_ATTRS; i++) {
		snprintf(an, sizeof an, "a%d", i);
		BENCH_CHECK(amb, rti_get_attribute_handle(amb, cls, an,
		    &at[i]));
	}
	if (cells) {
		snprintf(cond, sizeof cond, "A%d/", idx % MC_AREAS);
		BENCH_CHECK(amb, rti_add_subscription_condition(amb, cls,
		    cond));
	}
	BENCH_CHECK(amb, rti_subscribe_object_class_attributes(amb, cls,
	    at, MC_ATTRS));
	deadline = bench_now() + 60;
	while (s.discovered < (cells ? MC_INSTANCES / MC_AREAS :
	    MC_INSTANCES) || (rti_get_transport_stats(amb, &st) == RTI_OK &&
	    !st.udp)) {
		if (bench_now() > deadline) {
			fprintf(stderr, "rtibench: subscriber %d: %zu "
			    "instances discovered, datagram path %s\n", idx,
			    s.discovered, st.udp ? "confirmed" : "not "
			    "confirmed");
			bench_die(amb, "subscriber: discovery",
			    RTI_ERR_INTERNAL_ERROR);
		}
		rti_evoke_callbacks(amb, 0.01, 0.05, NULL);
	}
	if (write(res, "r", 1) != 1)
		_exit(1);
	for (;;) {
		struct pollfd p = { cmd, POLLIN, 0 };

		rti_evoke_callbacks(amb, 0.01, 0.01, NULL);
		if (poll(&p, 1, 0) > 0)
			break;
	}
	for (prev = s.reflected, quiet = bench_now() + 0.5;
	    bench_now() < quiet;) {
		rti_evoke_callbacks(amb, 0.01, 0.01, NULL);
		if (s.reflected != prev)
			quiet = bench_now() + 0.5;
		prev = s.reflected;
	}
	if (rti_get_transport_stats(amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	i = dprintf(res, "%zu %llu %llu\n", s.reflected,
	    (unsigned long long)st.mc_bytes_received,
	    (unsigned long long)st.mc_not_addressed);
	bench_resign(amb);
	_exit(i > 0 ? 0 : 1);
}

struct mc_run {
	size_t sent, got[MC_SUBS], got_min, got_sum;
	unsigned long long rx_bytes[MC_SUBS], not_addressed[MC_SUBS];
	struct mc_counts d;       /* what the run added */
};

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* One run on `t`: fork the subscribers, publish MC_INSTANCES instances
 * (`cells`: with area conditions), update them round-robin at MC_BATCH
 * per 10 ms for `secs`.  `on`: t runs --multicast.  0 or -1. */
static int
run(const struct mc_target *t, char *const *ns, int on, int cells,
    double secs, struct mc_run *out)
{
	struct rti_callbacks cb;
	struct rti_attribute_value v[MC_ATTRS];
	struct mc_counts c0, c1;
	rti_ambassador *amb;
	rti_object_class_handle cls;
	rti_attribute_handle at[MC_ATTRS];
	rti_object_instance_handle objs[MC_INSTANCES];
	uint8_t data[MC_ATTRS][8];
	pid_t pid[MC_SUBS];
	int cmd[MC_SUBS][2], res[MC_SUBS][2], i, rc = 0, status;
	double next, end, deadline;
	char an[4], ch, line[80], cond[24];
	FILE *fp;

	memset(out, 0, sizeof *out);
	fflush(NULL);
	for (i = 0; i < MC_SUBS; i++) {
		if (pipe(cmd[i]) < 0 || pipe(res[i]) < 0)
			return -1;
		if ((pid[i] = fork()) < 0)
			return -1;
		if (pid[i] == 0) {
			int j;

			/* only its own ends: the parent's close of cmd is
			 * its end of the run */
			for (j = 0; j <= i; j++) {
				close(cmd[j][1]);
				close(res[j][0]);
			}
			subscriber(t, ns[i], i, cells, cmd[i][0],
			    res[i][1]);
		}
		close(cmd[i][0]);
		close(res[i][1]);
	}
	memset(&cb, 0, sizeof cb);
	amb = bench_join(&t->r, "multicast", "pub", &cb, NULL, "BenchBE.xml");
	BENCH_CHECK(amb, rti_get_object_class_handle(amb, "SampleBE", &cls));
	for (i = 0; i < MC_ATTRS; i++) {
		snprintf(an, sizeof an, "a%d", i);
		BENCH_CHECK(amb, rti_get_attribute_handle(amb, cls, an,
		    &at[i]));
		memset(data[i], i + 1, 8);
		v[i].attribute = at[i];
		v[i].value = data[i];
		v[i].length = 8;
	}
	BENCH_CHECK(amb, rti_publish_object_class_attributes(amb, cls, at,
	    MC_ATTRS));
	for (i = 0; i < MC_INSTANCES; i++) {
		snprintf(cond, sizeof cond, "A%d/S%d", i % MC_AREAS, i);
		BENCH_CHECK(amb, cells ?
		    rti_register_object_instance_with_condition(amb, cls, NULL,
		    cond, &objs[i]) : rti_register_object_instance(amb, cls,
		    &objs[i]));
	}
	for (i = 0; i < MC_SUBS; i++) {
		struct pollfd p = { res[i][0], POLLIN, 0 };

		/* keep the publisher's heartbeats going meanwhile */
		while (poll(&p, 1, 0) == 0)
			rti_evoke_callbacks(amb, 0.01, 0.01, NULL);
		if (read(res[i][0], &ch, 1) != 1) {
			fprintf(stderr, "rtibench: multicast: subscriber %d "
			    "failed\n", i);
			rc = -1;
		}
	}
	/* with multicast, every subscriber a joined member first */
	for (deadline = bench_now() + 10; rc == 0 && on &&
	    members(t) < MC_SUBS; rti_evoke_callbacks(amb, 0.05, 0.05, NULL))
		if (bench_now() > deadline) {
			fprintf(stderr, "rtibench: multicast: %d of %d "
			    "subscribers joined the group\n", members(t),
			    MC_SUBS);
			rc = -1;
		}
	if (rc == 0 && counts(t, &c0) < 0)
		rc = -1;
	for (next = bench_now(), end = next + secs; rc == 0 &&
	    bench_now() < end; next += 0.01) {
		for (i = 0; i < MC_BATCH; i++, out->sent++)
			BENCH_CHECK(amb, rti_update_attribute_values(amb,
			    objs[out->sent % MC_INSTANCES], v, MC_ATTRS, NULL,
			    0));
		BENCH_CHECK(amb, rti_flush_updates(amb));
		while (bench_now() < next + 0.01)
			rti_evoke_callbacks(amb, 0, 0.001, NULL);
	}
	/* what rtiexec still had in hand has left within this */
	for (deadline = bench_now() + 0.5; bench_now() < deadline;)
		rti_evoke_callbacks(amb, 0.01, 0.01, NULL);
	if (rc == 0 && counts(t, &c1) < 0)
		rc = -1;
	for (i = 0; i < MC_SUBS; i++) {
		struct pollfd p = { res[i][0], POLLIN, 0 };

		close(cmd[i][1]);
		/* the publisher stays in librti while the counts come: a
		 * federate out of it past the heartbeat timeout is resigned */
		while (poll(&p, 1, 0) == 0)
			rti_evoke_callbacks(amb, 0.01, 0.01, NULL);
		fp = fdopen(res[i][0], "r");
		if (!fp || !fgets(line, sizeof line, fp)) {
			fprintf(stderr, "rtibench: multicast: no count from "
			    "subscriber %d\n", i);
			rc = -1;
		} else if (sscanf(line, "%zu %llu %llu", &out->got[i],
		    &out->rx_bytes[i], &out->not_addressed[i]) != 3) {
			fprintf(stderr, "rtibench: multicast: bad count from "
			    "subscriber %d\n", i);
			rc = -1;
		}
		if (fp)
			fclose(fp);
		else
			close(res[i][0]);
		if (waitpid(pid[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			rc = -1;
	}
	bench_resign(amb);
	if (rc < 0)
		return -1;
	out->got_min = out->got[0];
	for (i = 0; i < MC_SUBS; i++) {
		out->got_sum += out->got[i];
		if (out->got[i] < out->got_min)
			out->got_min = out->got[i];
	}
	out->d.cpu_s = c1.cpu_s - c0.cpu_s;
	out->d.udp_dg = c1.udp_dg - c0.udp_dg;
	out->d.udp_bytes = c1.udp_bytes - c0.udp_bytes;
	out->d.mc_dg = c1.mc_dg - c0.mc_dg;
	out->d.mc_bytes = c1.mc_bytes - c0.mc_bytes;
	out->d.failed = c1.failed - c0.failed;
	return 0;
}

static double
ratio(double a, double b)
{
	return b > 0 ? a / b : 0;
}

int
bench_mode_multicast(struct bench_ctx *c)
{
	static const char *const name[2][2] = { { "off", "on" },
		{ "class_groups", "cell_groups" } };
	struct mc_target t[2];
	struct mc_run r[2];
	char *ns[MC_SUBS], *list, *tok, *save = NULL;
	double cpu[2], dg[2], bytes[2], frac[2], rx[2];
	size_t med[MC_SUBS];
	unsigned long long rx_sum, na_sum;
	int n = 0, k, i, cells = c->mc_cells;

	if (parse_target("--mc-off", c->mc_off, &t[0]) < 0 ||
	    parse_target("--mc-on", c->mc_on, &t[1]) < 0)
		return -1;
	if (!c->mc_netns || !(list = strdup(c->mc_netns)))
		goto usage;
	for (tok = strtok_r(list, ",", &save); tok && n < MC_SUBS;
	    tok = strtok_r(NULL, ",", &save))
		ns[n++] = tok;
	if (n != MC_SUBS || tok) {
		free(list);
		goto usage;
	}
	for (k = 0; k < 2; k++) {
		/* long enough for some hundred clock ticks of rtiexec's
		 * CPU in /proc (--quick: a smoke run) */
		if (run(&t[k], ns, cells || k, cells, c->quick ?
		    c->tp_seconds : MC_SECONDS, &r[k]) < 0) {
			free(list);
			return -1;
		}
		memcpy(med, r[k].got, sizeof med);
		qsort(med, MC_SUBS, sizeof med[0], cmp_size);
		dg[k] = ratio((double)(r[k].d.udp_dg + r[k].d.mc_dg),
		    (double)r[k].got_sum);
		bytes[k] = ratio((double)(r[k].d.udp_bytes +
		    r[k].d.mc_bytes), (double)r[k].got_sum);
		cpu[k] = ratio(r[k].d.cpu_s * 1e9, (double)r[k].got_sum);
		/* with cells, the 2 subscribers of its area want an update */
		frac[k] = ratio((double)r[k].got_sum, (double)r[k].sent *
		    (cells ? MC_SUBS / MC_AREAS : MC_SUBS));
		for (i = 0, rx_sum = na_sum = 0; i < MC_SUBS; i++) {
			rx_sum += r[k].rx_bytes[i];
			na_sum += r[k].not_addressed[i];
		}
		rx[k] = ratio((double)rx_sum, (double)r[k].got_sum);
		printf("RESULT mode=multicast %s variant=%s subscribers=%d "
		    "updates=%zu delivered_per_sub=%zu delivered_min=%zu "
		    "delivered=%.4f rtiexec_cpu_ns_per_delivered=%.0f "
		    "udp_datagrams=%llu udp_bytes=%llu mc_datagrams=%llu "
		    "mc_bytes=%llu send_failed=%llu "
		    "datagrams_per_delivered=%.4f bytes_per_delivered=%.1f "
		    "group_bytes_received_per_delivered=%.1f "
		    "not_addressed_per_sub=%.0f\n",
		    bench_tags(c), name[cells][k], MC_SUBS, r[k].sent,
		    med[MC_SUBS / 2], r[k].got_min,
		    frac[k], cpu[k], (unsigned long long)r[k].d.udp_dg,
		    (unsigned long long)r[k].d.udp_bytes,
		    (unsigned long long)r[k].d.mc_dg,
		    (unsigned long long)r[k].d.mc_bytes,
		    (unsigned long long)r[k].d.failed,
		    dg[k], bytes[k], rx[k], (double)na_sum / MC_SUBS);
		fflush(stdout);
	}
	/* per delivered update: the runs' counts of updates may differ */
	printf("RESULT mode=multicast %s variant=ratio subscribers=%d "
	    "ratio_cpu_per_delivered=%.3f ratio_datagrams_per_delivered=%.3f "
	    "ratio_bytes_per_delivered=%.3f ratio_delivered=%.3f "
	    "ratio_group_bytes_received_per_delivered=%.3f\n",
	    bench_tags(c), MC_SUBS, ratio(cpu[1], cpu[0]),
	    ratio(dg[1], dg[0]), ratio(bytes[1], bytes[0]),
	    ratio(frac[1], frac[0]), ratio(rx[1], rx[0]));
	fflush(stdout);
	free(list);
	return 0;
usage:
	fprintf(stderr, "rtibench: multicast needs --mc-netns with %d "
	    "namespace names, comma-separated\n", MC_SUBS);
	return -1;
}
