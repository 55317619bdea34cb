/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hello.c - a minimal rti federate.
 *
 * It connects to rtiexec, creates the federation execution (or joins the
 * one that exists) with the HelloWorld FOM module, publishes and subscribes
 * the object class Greeter, waits until --peers federates have joined and
 * synchronizes all of them at the point "ready".  Then it registers a
 * Greeter, updates its Message and Count, prints the greetings of the
 * others as they are reflected, and resigns once it has heard from every
 * peer; the last one out destroys the federation.  Every step is printed
 * as one line "NAME: ..." on standard output.
 *
 * Build it against an installed librti:
 *
 *     cc -o hello hello.c $(pkg-config --cflags --libs librti)
 *
 * Run rtiexec, then two federates in two terminals:
 *
 *     rtiexec
 *     ./hello --name alice --peers 2
 *     ./hello --name bob --peers 2
 *
 * Ctrl-C resigns and exits cleanly at any point.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <librti.h>

/*
 * The FOM module.  A path the library can read is sent to rtiexec as XML;
 * anything else is sent as a name that rtiexec looks up in its FOM path
 * (rtiexec --fom-path, by default the installed FOM directory).  The build
 * tree defines RTI_FOMDIR as that directory; before `make install` the
 * default is the name FOM_NAME.
 */
#ifdef RTI_FOMDIR
#define DEFAULT_FOM RTI_FOMDIR "/HelloWorld.xml"
#else
#define DEFAULT_FOM "HelloWorld.xml"
#endif
#define FOM_NAME "HelloWorld.xml"

#define SYNC_LABEL "ready"

static volatile sig_atomic_t interrupted;

/* Everything the callbacks need: they get it back as `arg`. */
struct hello {
	char name[128];
	const char *federation;
	int announced;          /* "ready" was announced to us */
	int synchronized;       /* the federation reached "ready" */
	unsigned peers_seen;    /* federates joined, from the last list */
	int listed;             /* a list report arrived */
	rti_attribute_handle message, count; /* of Greeter */
	unsigned heard;         /* greetings reflected so far */
	unsigned want;          /* greetings to wait for: one per peer */
	int heard_all;          /* heard >= want */
};

static void
on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- callbacks: they run only inside rti_evoke_callbacks() ---- */

static void
connection_lost(void *arg, const char *fault)
{
	struct hello *h = arg;

	printf("%s: connection lost: %s\n", h->name, fault);
}

static void
report_federation_executions(void *arg,
    const struct rti_federation_execution_info *infos, size_t n)
{
	struct hello *h = arg;
	size_t i;

	h->listed = 1;
	for (i = 0; i < n; i++)
		if (strcmp(infos[i].name, h->federation) == 0)
			h->peers_seen = infos[i].federates;
}

static void
registration_succeeded(void *arg, const char *label)
{
	struct hello *h = arg;

	printf("%s: registered synchronization point \"%s\"\n", h->name,
	    label);
}

static void
registration_failed(void *arg, const char *label,
    enum rti_sync_failure_reason reason)
{
	struct hello *h = arg;

	printf("%s: registering \"%s\" failed (%s)\n", h->name, label,
	    reason == RTI_SYNC_POINT_LABEL_NOT_UNIQUE ? "label not unique" :
	    "a member is not joined");
}

static void
announce_synchronization_point(void *arg, const char *label,
    const void *tag, size_t tag_len)
{
	struct hello *h = arg;

	(void)tag;
	(void)tag_len;
	printf("%s: synchronization point \"%s\" announced\n", h->name,
	    label);
	if (strcmp(label, SYNC_LABEL) == 0)
		h->announced = 1;
}

static void
federation_synchronized(void *arg, const char *label,
    const rti_federate_handle *failed, size_t n_failed)
{
	struct hello *h = arg;

	(void)failed;
	printf("%s: federation synchronized at \"%s\" (%zu failed)\n",
	    h->name, label, n_failed);
	if (strcmp(label, SYNC_LABEL) == 0)
		h->synchronized = 1;
}

static void
discover_object_instance(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name,
    rti_federate_handle producer)
{
	struct hello *h = arg;

	(void)cls;
	(void)producer;
	printf("%s: discovered Greeter %s (instance %u)\n", h->name, name,
	    (unsigned)obj.id);
}

/*
 * Attribute values are opaque bytes to the RTI; HelloWorld.xml says what
 * they are: Message an HLAunicodeString, Count an HLAinteger32BE.  The
 * encoding helpers of librti (librti-encoding(3)) read them with bounds
 * checks: a value that is not of its datatype is an error, never a read
 * past its bytes.
 */
static void
reflect_attribute_values(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *values, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct hello *h = arg;
	char text[160] = "";
	int32_t count = -1;
	int have_text = 0;
	size_t i;

	(void)obj;
	(void)tag;
	(void)tag_len;
	(void)info;
	for (i = 0; i < n; i++) {
		struct rti_decoder d;

		rti_decoder_init(&d, values[i].value, values[i].length);
		if (values[i].attribute.id == h->message.id) {
			rti_decode_unicode_string(&d, text, sizeof text, NULL);
			have_text = 1;
		} else if (values[i].attribute.id == h->count.id) {
			rti_decode_int32_be(&d, &count);
		} else {
			continue;
		}
		if (rti_decoder_done(&d) != RTI_OK)
			printf("%s: bad value (%s at byte %zu)\n", h->name,
			    rti_err_name(d.err), d.err_off);
	}
	if (!have_text)
		return;
	printf("%s: reflected \"%s\" (Count %ld)\n", h->name, text,
	    (long)count);
	if (++h->heard >= h->want)
		h->heard_all = 1;
}

/* ---- the main loop ---- */

/*
 * Wait until *flag is set, delivering callbacks, for at most `timeout_s`.
 * This is the pattern for a federate with its own event loop: deliver what
 * the library already holds, then sleep in poll() on rti_get_fd() until
 * rtiexec sends more.  A signal interrupts poll() (EINTR).
 * Returns 0 when the flag is set, -1 on timeout, signal or error.
 */
static int
wait_for(rti_ambassador *amb, struct hello *h, const int *flag,
    double timeout_s, const char *what)
{
	double deadline = now() + timeout_s;
	int pending, rc;

	while (!*flag) {
		/* Callbacks may already be queued inside the library (they
		 * arrive while it waits for a service's reply), so evoke
		 * before sleeping on the socket. */
		do {
			rc = rti_evoke_callbacks(amb, 0.0, 0.0, &pending);
			if (rc != RTI_OK) {
				fprintf(stderr, "%s: %s: %s\n", h->name,
				    rti_err_name(rc), rti_error_message(amb));
				return -1;
			}
		} while (pending && !*flag);
		if (*flag)
			break;
		if (interrupted) {
			printf("%s: interrupted while waiting for %s\n",
			    h->name, what);
			return -1;
		}
		if (now() >= deadline) {
			fprintf(stderr, "%s: timed out waiting for %s\n",
			    h->name, what);
			return -1;
		}
		{
			struct pollfd p = { rti_get_fd(amb), POLLIN, 0 };

			if (poll(&p, 1, 100) < 0 && errno != EINTR) {
				perror("poll");
				return -1;
			}
		}
	}
	return 0;
}

/* Wait until the federation has at least `peers` joined federates, by
 * asking rtiexec for the list of federation executions. */
static int
wait_for_peers(rti_ambassador *amb, struct hello *h, unsigned peers,
    double timeout_s)
{
	double deadline = now() + timeout_s;
	int rc;

	for (;;) {
		h->listed = 0;
		rc = rti_list_federation_executions(amb);
		if (rc != RTI_OK) {
			fprintf(stderr, "%s: list: %s\n", h->name,
			    rti_error_message(amb));
			return -1;
		}
		if (wait_for(amb, h, &h->listed, deadline - now(),
		    "the federation list") < 0)
			return -1;
		if (h->peers_seen >= peers)
			return 0;
		/* Ask again a little later. */
		if (rti_evoke_callbacks(amb, 0.1, 0.1, NULL) != RTI_OK)
			return -1;
		if (interrupted) {
			printf("%s: interrupted while waiting for peers\n",
			    h->name);
			return -1;
		}
		if (now() >= deadline) {
			fprintf(stderr, "%s: only %u of %u federates joined\n",
			    h->name, h->peers_seen, peers);
			return -1;
		}
	}
}

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: hello [OPTION]...\n"
"A minimal rti federate: join, synchronize at \"ready\", greet the other\n"
"federates through the object class Greeter, resign.\n"
"\n"
"  -u, --url URL          rtiexec to connect to (default tcp://127.0.0.1:%d)\n"
"  -f, --federation NAME  federation execution (default HelloWorld)\n"
"  -n, --name NAME        federate name (default: chosen by rtiexec)\n"
"  -m, --fom FILE         FOM module (default %s, else\n"
"                         " FOM_NAME " in rtiexec's FOM path)\n"
"  -p, --peers N          wait until N federates have joined (default 1)\n"
"  -t, --timeout SECONDS  give up after this long (default 30)\n"
"  -h, --help             show this help\n",
	    RTI_DEFAULT_PORT, DEFAULT_FOM);
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "url", required_argument, NULL, 'u' },
		{ "federation", required_argument, NULL, 'f' },
		{ "name", required_argument, NULL, 'n' },
		{ "fom", required_argument, NULL, 'm' },
		{ "peers", required_argument, NULL, 'p' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct rti_callbacks cb;
	struct hello h;
	struct sigaction sa;
	rti_ambassador *amb;
	rti_federate_handle self;
	rti_object_class_handle greeter;
	rti_attribute_handle attrs[2];
	rti_object_instance_handle me;
	struct rti_attribute_value values[2];
	char text[160];
	/* Message: a count, then at most one UTF-16 unit per byte of text */
	unsigned char msg_buf[4 + 2 * sizeof text], cnt_buf[4];
	struct rti_encoder msg, cnt;
	const char *url = NULL, *fom = NULL, *name = NULL;
	const char *federate_name, *instance_name;
	unsigned peers = 1;
	double timeout_s = 30.0;
	int c, rc, status = 1, created = 0;

	memset(&h, 0, sizeof h);
	h.federation = "HelloWorld";
	while ((c = getopt_long(argc, argv, "u:f:n:m:p:t:h", opts, NULL)) !=
	    -1) {
		switch (c) {
		case 'u':
			url = optarg;
			break;
		case 'f':
			h.federation = optarg;
			break;
		case 'n':
			name = optarg;
			break;
		case 'm':
			fom = optarg;
			break;
		case 'p':
			peers = (unsigned)strtoul(optarg, NULL, 10);
			break;
		case 't':
			timeout_s = strtod(optarg, NULL);
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc || peers < 1 || !(timeout_s > 0)) {
		usage(stderr);
		return 2;
	}
	if (!fom)
		fom = access(DEFAULT_FOM, R_OK) == 0 ? DEFAULT_FOM : FOM_NAME;
	snprintf(h.name, sizeof h.name, "%s", name ? name : "hello");
	/* Line-buffered, so that lines of several federates interleave
	 * whole when their output goes to one file. */
	setvbuf(stdout, NULL, _IOLBF, 0);

	/* No SA_RESTART: a signal must interrupt poll(). */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	/* Callbacks left NULL are dropped by the library. */
	memset(&cb, 0, sizeof cb);
	cb.connection_lost = connection_lost;
	cb.report_federation_executions = report_federation_executions;
	cb.synchronization_point_registration_succeeded =
	    registration_succeeded;
	cb.synchronization_point_registration_failed = registration_failed;
	cb.announce_synchronization_point = announce_synchronization_point;
	cb.federation_synchronized = federation_synchronized;
	cb.discover_object_instance = discover_object_instance;
	cb.reflect_attribute_values = reflect_attribute_values;

	amb = rti_ambassador_new();
	if (!amb) {
		fprintf(stderr, "hello: out of memory\n");
		return 1;
	}
	/* Every service returns RTI_OK or an RTI_ERR_* code; the detail of
	 * the failure is in rti_error_message(). */
	rc = rti_connect(amb, url, &cb, &h);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: cannot connect: %s\n", h.name,
		    rti_error_message(amb));
		goto out;
	}

	/* Create the federation; if another federate was first, join it. */
	rc = rti_create_federation_execution(amb, h.federation, &fom, 1,
	    NULL);
	if (rc == RTI_OK) {
		created = 1;
	} else if (rc != RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS) {
		fprintf(stderr, "%s: cannot create %s: %s: %s\n", h.name,
		    h.federation, rti_err_name(rc), rti_error_message(amb));
		goto out;
	}
	rc = rti_join_federation_execution(amb, name, "hello", h.federation,
	    &self);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: cannot join %s: %s\n", h.name,
		    h.federation, rti_error_message(amb));
		goto out;
	}
	/* Without --name rtiexec picked a unique name: ask for it.  The
	 * string belongs to the ambassador; keep a copy. */
	if (rti_get_federate_name(amb, self, &federate_name) == RTI_OK)
		snprintf(h.name, sizeof h.name, "%s", federate_name);
	printf("%s: joined %s (%s) as federate %u\n", h.name, h.federation,
	    created ? "created it" : "it existed", (unsigned)self.id);

	/* Handles come from names in the FOM.  Publish and subscribe before
	 * synchronizing, so that every federate hears every greeting. */
	if (rti_get_object_class_handle(amb, "Greeter", &greeter) != RTI_OK ||
	    rti_get_attribute_handle(amb, greeter, "Message", &h.message) !=
	    RTI_OK ||
	    rti_get_attribute_handle(amb, greeter, "Count", &h.count) !=
	    RTI_OK) {
		fprintf(stderr, "%s: the FOM has no Greeter.Message/Count: "
		    "%s\n", h.name, rti_error_message(amb));
		goto resign;
	}
	attrs[0] = h.message;
	attrs[1] = h.count;
	if (rti_publish_object_class_attributes(amb, greeter, attrs, 2) !=
	    RTI_OK ||
	    rti_subscribe_object_class_attributes(amb, greeter, attrs, 2) !=
	    RTI_OK) {
		fprintf(stderr, "%s: publish/subscribe: %s\n", h.name,
		    rti_error_message(amb));
		goto resign;
	}

	/* The creator waits for the others and registers the point for the
	 * whole federation; rtiexec announces it to every joined federate. */
	if (created) {
		if (wait_for_peers(amb, &h, peers, timeout_s) < 0)
			goto resign;
		printf("%s: %s has %u federate(s) joined\n", h.name,
		    h.federation, h.peers_seen);
		rc = rti_register_federation_synchronization_point(amb,
		    SYNC_LABEL, NULL, 0, NULL, 0);
		if (rc != RTI_OK) {
			fprintf(stderr, "%s: register: %s\n", h.name,
			    rti_error_message(amb));
			goto resign;
		}
	}
	if (wait_for(amb, &h, &h.announced, timeout_s,
	    "the announcement of \"" SYNC_LABEL "\"") < 0)
		goto resign;
	rc = rti_synchronization_point_achieved(amb, SYNC_LABEL, 1);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: achieve: %s\n", h.name,
		    rti_error_message(amb));
		goto resign;
	}
	printf("%s: achieved \"%s\"\n", h.name, SYNC_LABEL);
	if (wait_for(amb, &h, &h.synchronized, timeout_s,
	    "the federation to synchronize") < 0)
		goto resign;

	/* Everyone is subscribed now: register a Greeter and say hello.  The
	 * values are copied by the library. */
	rc = rti_register_object_instance(amb, greeter, &me);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: register: %s\n", h.name,
		    rti_error_message(amb));
		goto resign;
	}
	snprintf(text, sizeof text, "Hello from %s", h.name);
	rti_encoder_init(&msg, msg_buf, sizeof msg_buf);
	rti_encoder_init(&cnt, cnt_buf, sizeof cnt_buf);
	if (rti_encode_unicode_string(&msg, text) != RTI_OK ||
	    rti_encode_int32_be(&cnt, 1) != RTI_OK) {
		fprintf(stderr, "%s: the name is not UTF-8 text\n", h.name);
		goto resign;
	}
	values[0].attribute = h.message;
	values[0].value = msg.buf;
	values[0].length = (uint32_t)msg.len;
	values[1].attribute = h.count;
	values[1].value = cnt.buf;
	values[1].length = (uint32_t)cnt.len;
	rc = rti_update_attribute_values(amb, me, values, 2, NULL, 0);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: update: %s\n", h.name,
		    rti_error_message(amb));
		goto resign;
	}
	if (rti_get_object_instance_name(amb, me, &instance_name) != RTI_OK)
		instance_name = "?";
	printf("%s: updated Greeter %s: Message \"%s\", Count 1\n", h.name,
	    instance_name, text);

	/* Wait for the greeting of every other federate. */
	h.want = peers - 1;
	h.heard_all = h.heard >= h.want;
	if (wait_for(amb, &h, &h.heard_all, timeout_s,
	    "the greetings of the others") < 0)
		goto resign;
	status = 0;

resign:
	if (interrupted)
		status = 0; /* Ctrl-C is a normal way to stop */
	/* Resigning deletes our Greeter: the others see it removed. */
	rc = rti_resign_federation_execution(amb,
	    RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: resign: %s\n", h.name,
		    rti_error_message(amb));
		status = 1;
		goto out;
	}
	printf("%s: resigned\n", h.name);
	/* The last federate out destroys the federation; while others are
	 * still joined this fails, which is fine. */
	rc = rti_destroy_federation_execution(amb, h.federation);
	if (rc == RTI_OK)
		printf("%s: destroyed %s\n", h.name, h.federation);
	else if (rc != RTI_ERR_FEDERATES_CURRENTLY_JOINED &&
	    rc != RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST)
		fprintf(stderr, "%s: destroy: %s\n", h.name,
		    rti_error_message(amb));
out:
	/* Disconnects (if connected) and frees; callbacks no longer run. */
	rti_ambassador_free(amb);
	return status;
}
