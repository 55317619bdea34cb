/* SPDX-License-Identifier: Apache-2.0 */
/*
 * main.c - rtiexec: command line, FOM check mode, server lifetime.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fedm.h"
#include "fomload.h"
#include "http.h"
#include "store_io.h"
#include "server_int.h"
#include "dgram.h"
#include "mcast.h"

#define EXIT_USAGE 2
/* Largest --max-queue and --max-total-queue: 2^40, or what size_t holds. */
#define QUEUE_ARG_MAX ((unsigned long long)SIZE_MAX < 1ull << 40 ? \
	(unsigned long long)SIZE_MAX : 1ull << 40)

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: rtiexec [OPTION]...\n"
"       rtiexec --check-fom [--strict] [--verbose] FILE...\n"
"Run the rti run-time infrastructure daemon.\n"
"\n"
"  -p, --port N              TCP port (default %d; 0 picks a free one)\n"
"  -b, --bind ADDR           numeric address to listen on (default 127.0.0.1;\n"
"                            binding elsewhere exposes rtiexec to the network)\n"
"  -u, --unix PATH           also listen on a Unix-domain socket\n"
"      --port-file FILE      write the bound TCP port to FILE\n"
"      --save-dir DIR        where federation saves are written and read\n"
"                            (default $XDG_STATE_HOME/rti/saves, else\n"
"                            $HOME/.local/state/rti/saves)\n"
"      --max-save-size BYTES largest save written or restored (default %llu)\n"
"      --max-memory BYTES    budget of what clients make rtiexec hold: FOMs,\n"
"                            frames arriving, output queues, saves (default\n"
"                            %llu); past it creates, saves and restores are\n"
"                            refused\n"
"      --max-federations N   federations at once (default %u)\n"
"  -F, --fom-path DIRS       ':'-separated directories searched for FOM modules\n"
"                            named by federates, and only these (default\n"
"                            %s)\n"
"  -f, --federation NAME     create federation NAME at start-up (with --fom)\n"
"  -m, --fom FILE            FOM module for --federation (repeatable)\n"
"      --time-implementation NAME\n"
"                            HLAfloat64Time (default) or HLAinteger64Time\n"
"                            for --federation\n"
"      --max-frame BYTES     largest accepted frame (default %u)\n"
"      --max-queue BYTES     output budget of each federate (default %u):\n"
"                            one whose queue would pass it is disconnected\n"
"                            and resigned; nobody waits for it before that\n"
"      --max-total-queue BYTES\n"
"                            budget of all output queues together (default\n"
"                            %u, at least --max-queue): past it rtiexec\n"
"                            stops reading from publishers until 3/4 of it\n"
"      --slow-timeout SECS   publishers held back by --max-total-queue for\n"
"                            this long: the federate with the largest queue\n"
"                            is disconnected and resigned (default %.0f)\n"
"      --auth-key-file FILE  require federates to present this shared secret\n"
"      --max-connections N   connections at once (default %u; lowered to the\n"
"                            descriptor limit less a reserve)\n"
"      --max-startups N      connections at once whose handshake is not done\n"
"                            (default %u)\n"
"      --per-source-max-startups N\n"
"                            of those, from one address (default %u; a Unix\n"
"                            socket is one address)\n"
"      --handshake-timeout SECS\n"
"                            close a connection without a handshake after\n"
"                            SECS (default %.0f); before it, a frame may\n"
"                            be at most %u bytes\n"
"      --http ADDR:PORT      serve the read-only view (page, JSON, metrics;\n"
"                            rti-http(7)) there; :PORT or PORT is on\n"
"                            127.0.0.1, port 0 picks a free one\n"
"      --http-port-file FILE write the bound HTTP port to FILE\n"
"      --http-max-clients N  HTTP connections at once (default %u)\n"
"      --http-max-output BYTES\n"
"                            largest HTTP response (default %u); a larger\n"
"                            one is answered 503\n"
"      --heartbeat-timeout SECS\n"
"                            resign a federate that sent nothing for SECS\n"
"                            (default %.0f; heartbeats keep idle ones alive);\n"
"                            0 = no heartbeats\n"
"      --udp on|off          best effort (HLAbestEffort) by UDP on the\n"
"                            listen address and port (default on); off:\n"
"                            on each federate's stream\n"
"      --udp-max-datagram BYTES\n"
"                            largest datagram sent (default %u: no\n"
"                            fragments on a 1500-byte MTU)\n"
"      --multicast RANGE     best effort that several federates want goes\n"
"                            once to an IPv4 multicast group of RANGE\n"
"                            (239.192.10.0/24, FIRST-LAST or one address;\n"
"                            default off)\n"
"      --multicast-ttl N     hops multicast may cross (default 1: the LAN)\n"
"      --multicast-interface ADDR\n"
"                            address of the interface multicast leaves by\n"
"                            (default the --bind address)\n"
"      --multicast-port N    UDP port of the groups (default the UDP port)\n"
"      --multicast-min N     members of a group that must want a message\n"
"                            for it to go to the group (default 2)\n"
"      --multicast-cell-depth N\n"
"                            groups per condition cell: the first N path\n"
"                            elements of a condition (default 1; 0: one\n"
"                            group per class)\n"
"      --no-io-uring         write to federates with send() only, not with\n"
"                            one io_uring submission per loop turn\n"
"  -l, --log-level LEVEL     error, warn, info (default) or debug\n"
"  -q, --quiet               same as --log-level warn\n"
"      --check-fom FILE...   load and merge FOM modules, print the class tree\n"
"                            with handles or the errors, and the warnings;\n"
"                            exit 0 or 1\n"
"      --strict              with --check-fom: warnings are errors\n"
"      --verbose             with --check-fom: also print the datatypes\n"
"      --list-messages       print the message types rtiexec accepts and how\n"
"                            (see rti-protocol(7)); exit 0\n"
"  -h, --help                show this help\n"
"  -V, --version             show the version\n"
"\n"
"Signals: SIGINT/SIGTERM shut down cleanly; SIGUSR1 logs counters.\n"
"Exit status: 0 clean shutdown, 1 runtime failure, 2 usage error.\n",
	    RTI_DEFAULT_PORT, RTI_DEFAULT_MAX_SAVE_SIZE,
	    RTI_DEFAULT_MAX_MEMORY, RTI_DEFAULT_MAX_FEDERATIONS, RTI_FOMDIR,
	    WIRE_DEFAULT_MAX_FRAME,
	    RTI_DEFAULT_MAX_QUEUE, RTI_DEFAULT_MAX_TOTAL_QUEUE,
	    RTI_DEFAULT_SLOW_TIMEOUT, RTI_DEFAULT_MAX_CONNECTIONS,
	    RTI_DEFAULT_MAX_STARTUPS, RTI_DEFAULT_PER_SOURCE_MAX_STARTUPS,
	    RTI_DEFAULT_HANDSHAKE_TIMEOUT, RTI_PREAUTH_MAX_FRAME,
	    HTTP_DEFAULT_MAX_CLIENTS, HTTP_DEFAULT_MAX_OUTPUT,
	    RTI_DEFAULT_HEARTBEAT_TIMEOUT, DGRAM_DEFAULT_MAX);
}

/* Seconds in [min, max]; 0 or -1. */
static int
parse_seconds(const char *s, double min, double max, double *out)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(s, &end);
	if (errno || end == s || *end || !(d >= min && d <= max))
		return -1;
	*out = d;
	return 0;
}

static int
parse_size(const char *s, unsigned long long min, unsigned long long max,
    unsigned long long *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	if (!*s || *s == '-')
		return -1;
	v = strtoull(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/*
 * --check-fom: 0, 1 (an error, or a warning with `strict`) or 2.  The
 * modules go through fomload_load, the function that decides every create,
 * so the answer is the create's: the same order, limits and codes.  A FILE
 * without '/' is looked up in `fom_path` as a create's name would be.
 */
static int
check_fom(int argc, char **argv, const char *fom_path, int strict,
    int verbose)
{
	struct fomload_src *src;
	struct fomload_out out;
	const struct fom *f;
	uint32_t w;
	int i, rc = 0;

	if (argc == 0) {
		fprintf(stderr, "rtiexec: --check-fom needs at least one "
		    "FILE\n");
		return EXIT_USAGE;
	}
	if (!(src = calloc((size_t)argc, sizeof *src))) {
		fprintf(stderr, "rtiexec: out of memory\n");
		return 1;
	}
	for (i = 0; i < argc; i++) {
		src[i].kind = FOMLOAD_PATH;
		src[i].name = argv[i];
	}
	if (fomload_load(fom_path, src, (uint32_t)argc, &out, NULL) < 0) {
		if (out.parse_error && out.fe.line > 0)
			fprintf(stderr, "%s:%d: error: %s\n", out.fe.file,
			    out.fe.line, out.fe.msg);
		else if (out.parse_error)
			fprintf(stderr, "%s: error: %s\n", out.fe.file,
			    out.fe.msg);
		else
			fprintf(stderr, "rtiexec: error: %s%s%s\n", out.msg,
			    out.why[0] ? ": " : "", out.why);
		fprintf(stderr, "rtiexec: a federation with these modules "
		    "is refused (%s)\n", rti_err_name(out.err));
		fomload_out_free(&out);
		free(src);
		return 1;
	}
	f = out.fom;
	for (w = 0; w < f->n_warnings; w++) {
		const struct fom_warning *fw = &f->warnings[w];
		if (fw->line > 0)
			fprintf(stderr, "%s:%d: warning: %s\n", fw->file,
			    fw->line, fw->msg);
		else
			fprintf(stderr, "%s: warning: %s\n", fw->file,
			    fw->msg);
	}
	if (strict && f->n_warnings > 0) {
		fprintf(stderr, "rtiexec: %u warning%s, errors with "
		    "--strict\n", f->n_warnings,
		    f->n_warnings == 1 ? "" : "s");
		rc = 1;
	}
	if (rc == 0 && verbose)
		fom_print_verbose(f, stdout);
	else if (rc == 0)
		fom_print(f, stdout);
	fomload_out_free(&out);
	free(src);
	return rc;
}

static uint8_t *
read_key(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf;
	size_t n;

	if (!fp)
		return NULL;
	buf = malloc(WIRE_MAX_AUTH_KEY + 1);
	if (!buf) {
		fclose(fp);
		return NULL;
	}
	n = fread(buf, 1, WIRE_MAX_AUTH_KEY + 1, fp);
	fclose(fp);
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
		n--;
	if (n == 0 || n > WIRE_MAX_AUTH_KEY) {
		free(buf);
		errno = EINVAL;
		return NULL;
	}
	*len = n;
	return buf;
}

enum {
	OPT_PORT_FILE = 256,
	OPT_MAX_FRAME,
	OPT_MAX_QUEUE,
	OPT_MAX_TOTAL_QUEUE,
	OPT_AUTH_KEY_FILE,
	OPT_CHECK_FOM,
	OPT_STRICT,
	OPT_VERBOSE,
	OPT_TIME,
	OPT_SLOW_TIMEOUT,
	OPT_NO_IO_URING,
	OPT_MAX_CONNECTIONS,
	OPT_MAX_STARTUPS,
	OPT_PER_SOURCE,
	OPT_HANDSHAKE_TIMEOUT,
	OPT_LIST_MESSAGES,
	OPT_SAVE_DIR,
	OPT_HTTP,
	OPT_HTTP_PORT_FILE,
	OPT_HTTP_MAX_CLIENTS,
	OPT_HTTP_MAX_OUTPUT,
	OPT_HEARTBEAT_TIMEOUT,
	OPT_UDP,
	OPT_UDP_MAX_DATAGRAM,
	OPT_MULTICAST,
	OPT_MULTICAST_TTL,
	OPT_MULTICAST_IFACE,
	OPT_MULTICAST_PORT,
	OPT_MULTICAST_MIN,
	OPT_MULTICAST_DEPTH,
	OPT_MAX_SAVE_SIZE,
	OPT_MAX_MEMORY,
	OPT_MAX_FEDERATIONS
};

/* Upper bound of --max-connections and the startup bounds. */
#define MAX_CONNECTIONS_OPT 1048576u

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "port", required_argument, NULL, 'p' },
		{ "bind", required_argument, NULL, 'b' },
		{ "unix", required_argument, NULL, 'u' },
		{ "port-file", required_argument, NULL, OPT_PORT_FILE },
		{ "fom-path", required_argument, NULL, 'F' },
		{ "save-dir", required_argument, NULL, OPT_SAVE_DIR },
		{ "max-save-size", required_argument, NULL,
		    OPT_MAX_SAVE_SIZE },
		{ "max-memory", required_argument, NULL, OPT_MAX_MEMORY },
		{ "max-federations", required_argument, NULL,
		    OPT_MAX_FEDERATIONS },
		{ "federation", required_argument, NULL, 'f' },
		{ "fom", required_argument, NULL, 'm' },
		{ "time-implementation", required_argument, NULL, OPT_TIME },
		{ "max-frame", required_argument, NULL, OPT_MAX_FRAME },
		{ "max-queue", required_argument, NULL, OPT_MAX_QUEUE },
		{ "max-total-queue", required_argument, NULL,
		    OPT_MAX_TOTAL_QUEUE },
		{ "slow-timeout", required_argument, NULL, OPT_SLOW_TIMEOUT },
		{ "no-io-uring", no_argument, NULL, OPT_NO_IO_URING },
		{ "max-connections", required_argument, NULL,
		    OPT_MAX_CONNECTIONS },
		{ "max-startups", required_argument, NULL, OPT_MAX_STARTUPS },
		{ "per-source-max-startups", required_argument, NULL,
		    OPT_PER_SOURCE },
		{ "handshake-timeout", required_argument, NULL,
		    OPT_HANDSHAKE_TIMEOUT },
		{ "heartbeat-timeout", required_argument, NULL,
		    OPT_HEARTBEAT_TIMEOUT },
		{ "udp", required_argument, NULL, OPT_UDP },
		{ "udp-max-datagram", required_argument, NULL,
		    OPT_UDP_MAX_DATAGRAM },
		{ "multicast", required_argument, NULL, OPT_MULTICAST },
		{ "multicast-ttl", required_argument, NULL,
		    OPT_MULTICAST_TTL },
		{ "multicast-interface", required_argument, NULL,
		    OPT_MULTICAST_IFACE },
		{ "multicast-port", required_argument, NULL,
		    OPT_MULTICAST_PORT },
		{ "multicast-min", required_argument, NULL,
		    OPT_MULTICAST_MIN },
		{ "multicast-cell-depth", required_argument, NULL,
		    OPT_MULTICAST_DEPTH },
		{ "auth-key-file", required_argument, NULL,
		    OPT_AUTH_KEY_FILE },
		{ "http", required_argument, NULL, OPT_HTTP },
		{ "http-port-file", required_argument, NULL,
		    OPT_HTTP_PORT_FILE },
		{ "http-max-clients", required_argument, NULL,
		    OPT_HTTP_MAX_CLIENTS },
		{ "http-max-output", required_argument, NULL,
		    OPT_HTTP_MAX_OUTPUT },
		{ "log-level", required_argument, NULL, 'l' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "check-fom", no_argument, NULL, OPT_CHECK_FOM },
		{ "list-messages", no_argument, NULL, OPT_LIST_MESSAGES },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "verbose", no_argument, NULL, OPT_VERBOSE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct rti_config cfg;
	struct rti_server srv;
	struct http_config hcfg;
	struct http_srv *http = NULL;
	char http_addr[64];
	const char *http_arg = NULL;
	const char **foms = NULL;
	size_t n_foms = 0;
	uint8_t *key = NULL;
	unsigned long long v;
	int c, rc, checking = 0, strict = 0, verbose = 0;

	memset(&cfg, 0, sizeof cfg);
	memset(&hcfg, 0, sizeof hcfg);
	cfg.port = RTI_DEFAULT_PORT;
	cfg.fom_path = RTI_FOMDIR;
	cfg.log_level = LOG_INFO;
	cfg.mc_depth = -1;
	foms = calloc((size_t)argc + 1, sizeof *foms);
	if (!foms)
		return 1;
	while ((c = getopt_long(argc, argv, "p:b:u:F:f:m:l:qhV", opts,
	    NULL)) != -1) {
		switch (c) {
		case 'p':
			if (parse_size(optarg, 0, 65535, &v) < 0) {
				fprintf(stderr, "rtiexec: bad port '%s' (want "
				    "0..65535)\n", optarg);
				goto usage_error;
			}
			cfg.port = (int)v;
			break;
		case 'b':
			cfg.bind_addr = optarg;
			break;
		case 'u':
			cfg.unix_path = optarg;
			break;
		case OPT_PORT_FILE:
			cfg.port_file = optarg;
			break;
		case 'F':
			cfg.fom_path = optarg;
			break;
		case OPT_SAVE_DIR:
			cfg.save_dir = optarg;
			break;
		case OPT_MAX_SAVE_SIZE:
			if (parse_size(optarg, 4096, 1ull << 40, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --max-save-size "
				    "'%s' (want 4096..%llu)\n", optarg,
				    1ull << 40);
				goto usage_error;
			}
			cfg.max_save_size = v;
			break;
		case OPT_MAX_MEMORY:
			if (parse_size(optarg, 1u << 20, 1ull << 44, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --max-memory '%s' "
				    "(want %u..%llu)\n", optarg, 1u << 20,
				    1ull << 44);
				goto usage_error;
			}
			cfg.max_memory = v;
			break;
		case OPT_MAX_FEDERATIONS:
			if (parse_size(optarg, 1, 1u << 20, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --max-federations "
				    "'%s' (want 1..%u)\n", optarg, 1u << 20);
				goto usage_error;
			}
			cfg.max_federations = (uint32_t)v;
			break;
		case 'f':
			cfg.pre_federation = optarg;
			break;
		case 'm':
			foms[n_foms++] = optarg;
			break;
		case OPT_TIME:
			cfg.pre_time = optarg;
			break;
		case OPT_MAX_FRAME:
			if (parse_size(optarg, 1024, 1u << 30, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --max-frame '%s' "
				    "(want 1024..1073741824)\n", optarg);
				goto usage_error;
			}
			cfg.max_frame = (uint32_t)v;
			break;
		case OPT_MAX_QUEUE:
			if (parse_size(optarg, 65536, QUEUE_ARG_MAX, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --max-queue '%s' "
				    "(want 65536..%llu)\n", optarg,
				    QUEUE_ARG_MAX);
				goto usage_error;
			}
			cfg.max_queue = (size_t)v;
			break;
		case OPT_MAX_TOTAL_QUEUE:
			if (parse_size(optarg, 65536, QUEUE_ARG_MAX, &v) < 0) {
				fprintf(stderr, "rtiexec: bad "
				    "--max-total-queue '%s' (want "
				    "65536..%llu)\n", optarg, QUEUE_ARG_MAX);
				goto usage_error;
			}
			cfg.max_total_queue = (size_t)v;
			break;
		case OPT_SLOW_TIMEOUT: {
			char *end;
			double d = strtod(optarg, &end);

			if (*end || !(d >= 0.1 && d <= 86400)) {
				fprintf(stderr, "rtiexec: bad --slow-timeout "
				    "'%s' (want 0.1..86400 seconds)\n", optarg);
				goto usage_error;
			}
			cfg.slow_timeout = d;
			break;
		}
		case OPT_HANDSHAKE_TIMEOUT:
			if (parse_seconds(optarg, 0.1, 3600,
			    &cfg.handshake_timeout) < 0) {
				fprintf(stderr, "rtiexec: bad "
				    "--handshake-timeout '%s' (want 0.1..3600 "
				    "seconds)\n", optarg);
				goto usage_error;
			}
			break;
		case OPT_HEARTBEAT_TIMEOUT:
			if (parse_seconds(optarg, 0, 3600,
			    &cfg.heartbeat_timeout) < 0 ||
			    (cfg.heartbeat_timeout != 0 &&
			    cfg.heartbeat_timeout < 0.5)) {
				fprintf(stderr, "rtiexec: bad "
				    "--heartbeat-timeout '%s' (want 0, or "
				    "0.5..3600 seconds)\n", optarg);
				goto usage_error;
			}
			if (cfg.heartbeat_timeout == 0)
				cfg.heartbeat_timeout = -1;
			break;
		case OPT_UDP:
			if (strcmp(optarg, "on") == 0) {
				cfg.udp_off = 0;
			} else if (strcmp(optarg, "off") == 0) {
				cfg.udp_off = 1;
			} else {
				fprintf(stderr, "rtiexec: bad --udp '%s' "
				    "(want on or off)\n", optarg);
				goto usage_error;
			}
			break;
		case OPT_UDP_MAX_DATAGRAM:
			if (parse_size(optarg, DGRAM_MIN_MAX, DGRAM_MAX_MAX,
			    &v) < 0) {
				fprintf(stderr, "rtiexec: bad "
				    "--udp-max-datagram '%s' (want %u..%u)\n",
				    optarg, DGRAM_MIN_MAX, DGRAM_MAX_MAX);
				goto usage_error;
			}
			cfg.udp_max_datagram = (uint32_t)v;
			break;
		case OPT_MULTICAST: {
			struct mc_range r;
			const char *why;

			if (mc_range_parse(optarg, &r, &why) < 0) {
				fprintf(stderr, "rtiexec: bad --multicast "
				    "'%s': %s\n", optarg, why);
				goto usage_error;
			}
			cfg.mc_on = 1;
			cfg.mc_first = r.first;
			cfg.mc_last = r.last;
			break;
		}
		case OPT_MULTICAST_TTL:
			if (parse_size(optarg, 1, 255, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --multicast-ttl "
				    "'%s' (want 1..255)\n", optarg);
				goto usage_error;
			}
			cfg.mc_ttl = (int)v;
			break;
		case OPT_MULTICAST_IFACE: {
			struct in_addr a;

			if (inet_pton(AF_INET, optarg, &a) != 1) {
				fprintf(stderr, "rtiexec: bad "
				    "--multicast-interface '%s' (want a "
				    "numeric IPv4 address of this host)\n",
				    optarg);
				goto usage_error;
			}
			cfg.mc_iface = optarg;
			break;
		}
		case OPT_MULTICAST_PORT:
			if (parse_size(optarg, 1, 65535, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --multicast-port "
				    "'%s' (want 1..65535)\n", optarg);
				goto usage_error;
			}
			cfg.mc_port = (int)v;
			break;
		case OPT_MULTICAST_MIN:
			if (parse_size(optarg, 1, 65535, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --multicast-min "
				    "'%s' (want 1..65535)\n", optarg);
				goto usage_error;
			}
			cfg.mc_min = (uint32_t)v;
			break;
		case OPT_MULTICAST_DEPTH:
			if (parse_size(optarg, 0, MC_DEPTH_MAX, &v) < 0) {
				fprintf(stderr, "rtiexec: bad "
				    "--multicast-cell-depth '%s' (want 0..%u)\n",
				    optarg, MC_DEPTH_MAX);
				goto usage_error;
			}
			cfg.mc_depth = (int)v;
			break;
		case OPT_MAX_CONNECTIONS:
		case OPT_MAX_STARTUPS:
		case OPT_PER_SOURCE:
			if (parse_size(optarg, 1, MAX_CONNECTIONS_OPT,
			    &v) < 0) {
				fprintf(stderr, "rtiexec: bad --%s '%s' (want "
				    "1..%u)\n", c == OPT_MAX_CONNECTIONS ?
				    "max-connections" : c == OPT_MAX_STARTUPS ?
				    "max-startups" : "per-source-max-startups",
				    optarg, MAX_CONNECTIONS_OPT);
				goto usage_error;
			}
			if (c == OPT_MAX_CONNECTIONS)
				cfg.max_connections = (uint32_t)v;
			else if (c == OPT_MAX_STARTUPS)
				cfg.max_startups = (uint32_t)v;
			else
				cfg.per_source_max_startups = (uint32_t)v;
			break;
		case OPT_HTTP:
			if (http_parse_listen(optarg, http_addr,
			    sizeof http_addr, &hcfg.port) < 0) {
				fprintf(stderr, "rtiexec: bad --http '%s' (want "
				    "ADDR:PORT, [ADDR6]:PORT or PORT, a numeric "
				    "address and 0..65535)\n", optarg);
				goto usage_error;
			}
			hcfg.addr = http_addr;
			http_arg = optarg;
			break;
		case OPT_HTTP_PORT_FILE:
			hcfg.port_file = optarg;
			break;
		case OPT_HTTP_MAX_CLIENTS:
			if (parse_size(optarg, 1, 65536, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --http-max-clients "
				    "'%s' (want 1..65536)\n", optarg);
				goto usage_error;
			}
			hcfg.max_clients = (uint32_t)v;
			break;
		case OPT_HTTP_MAX_OUTPUT:
			if (parse_size(optarg, 65536, 1u << 30, &v) < 0) {
				fprintf(stderr, "rtiexec: bad --http-max-output "
				    "'%s' (want 65536..1073741824)\n", optarg);
				goto usage_error;
			}
			hcfg.max_output = (size_t)v;
			break;
		case OPT_NO_IO_URING:
			cfg.no_io_uring = 1;
			break;
		case OPT_AUTH_KEY_FILE:
			free(key);
			key = read_key(optarg, &cfg.auth_key_len);
			if (!key) {
				fprintf(stderr, "rtiexec: cannot read key file "
				    "'%s': %s (want 1..%d bytes)\n", optarg,
				    strerror(errno), WIRE_MAX_AUTH_KEY);
				goto usage_error;
			}
			cfg.auth_key = key;
			break;
		case 'l':
			if (strcmp(optarg, "error") == 0)
				cfg.log_level = LOG_ERROR;
			else if (strcmp(optarg, "warn") == 0)
				cfg.log_level = LOG_WARN;
			else if (strcmp(optarg, "info") == 0)
				cfg.log_level = LOG_INFO;
			else if (strcmp(optarg, "debug") == 0)
				cfg.log_level = LOG_DEBUG;
			else {
				fprintf(stderr, "rtiexec: bad log level '%s' "
				    "(want error, warn, info or debug)\n",
				    optarg);
				goto usage_error;
			}
			break;
		case 'q':
			cfg.log_level = LOG_WARN;
			break;
		case OPT_CHECK_FOM:
			checking = 1;
			break;
		case OPT_LIST_MESSAGES:
			server_list_messages(stdout);
			free(foms);
			free(key);
			return 0;
		case OPT_STRICT:
			strict = 1;
			break;
		case OPT_VERBOSE:
			verbose = 1;
			break;
		case 'h':
			usage(stdout);
			free(foms);
			free(key);
			return 0;
		case 'V':
			printf("rtiexec (rti) %s, wire protocol %d\n",
			    PACKAGE_VERSION, WIRE_VERSION);
			free(foms);
			free(key);
			return 0;
		default:
			goto usage_error;
		}
	}
	if (checking) {
		free(foms);
		free(key);
		return check_fom(argc - optind, argv + optind, cfg.fom_path,
		    strict, verbose);
	}
	if (strict || verbose) {
		fprintf(stderr, "rtiexec: --strict and --verbose go with "
		    "--check-fom\n");
		goto usage_error;
	}
	if (optind < argc) {
		fprintf(stderr, "rtiexec: unexpected argument '%s'\n",
		    argv[optind]);
		goto usage_error;
	}
	if (n_foms && !cfg.pre_federation) {
		fprintf(stderr, "rtiexec: --fom needs --federation\n");
		goto usage_error;
	}
	if (cfg.pre_federation && !n_foms) {
		fprintf(stderr, "rtiexec: --federation needs at least one "
		    "--fom\n");
		goto usage_error;
	}
	if (cfg.max_total_queue && cfg.max_total_queue < (cfg.max_queue ?
	    cfg.max_queue : RTI_DEFAULT_MAX_QUEUE)) {
		fprintf(stderr, "rtiexec: --max-total-queue %zu is below "
		    "--max-queue %zu\n", cfg.max_total_queue, cfg.max_queue ?
		    cfg.max_queue : (size_t)RTI_DEFAULT_MAX_QUEUE);
		goto usage_error;
	}
	if ((hcfg.port_file || hcfg.max_clients || hcfg.max_output) &&
	    !http_arg) {
		fprintf(stderr, "rtiexec: --http-port-file, --http-max-clients "
		    "and --http-max-output go with --http\n");
		goto usage_error;
	}
	if ((cfg.mc_ttl || cfg.mc_iface || cfg.mc_port || cfg.mc_min ||
	    cfg.mc_depth >= 0) && !cfg.mc_on) {
		fprintf(stderr, "rtiexec: --multicast-ttl, "
		    "--multicast-interface, --multicast-port, "
		    "--multicast-min and --multicast-cell-depth go with "
		    "--multicast\n");
		goto usage_error;
	}
	if (cfg.mc_on && cfg.udp_off) {
		fprintf(stderr, "rtiexec: --multicast needs the UDP path "
		    "(not --udp off)\n");
		goto usage_error;
	}
	if (cfg.mc_on) {
		if (!cfg.mc_ttl)
			cfg.mc_ttl = 1;
		if (!cfg.mc_min)
			cfg.mc_min = 2;
		if (cfg.mc_depth < 0)
			cfg.mc_depth = 1;
	}
	cfg.pre_foms = foms;
	cfg.n_pre_foms = n_foms;

	rc = 1;
	if (server_init(&srv, &cfg) == 0 &&
	    (store_sweep_temps(&srv), 1) &&
	    (!cfg.pre_federation ||
	    fedm_create_from_files(&srv, cfg.pre_federation, foms, n_foms,
	    cfg.pre_time) == 0) &&
	    (!http_arg || (http = http_start(&srv, &hcfg))))
		rc = server_run(&srv) == 0 ? 0 : 1;
	http_stop(http);
	server_fini(&srv);
	free(foms);
	free(key);
	return rc;

usage_error:
	fprintf(stderr, "Try 'rtiexec --help'.\n");
	free(foms);
	free(key);
	return EXIT_USAGE;
}
