/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sample.h - what the four federates of the grid demo (substation.c,
 * grid.c, console.c, instructor.c) share, in sample.c, so that each of
 * them shows only what makes it that federate.  It is an example too:
 * copy sample.c and sample.h with the federate you start from, and build
 * them together:
 *
 *   cc grid.c sample.c $(pkg-config --cflags --libs librti) -lm
 *
 * What is here:
 *   - the command line every sample takes (--url, --federation, --name,
 *     --fom, --step, --duration, --speed, --peers, --timeout,
 *     --state-dir, --help, and --every for one that reports), beside the
 *     sample's own options;
 *   - the connection: connect, create the federation (or find it made),
 *     join (under the sample's name, or one rtiexec picks), and at the end
 *     resign, destroy and free;
 *   - the callbacks every sample answers the same way: the federation
 *     list, the "ready" synchronization point, the time management
 *     grants, and save and restore (librti-save(3));
 *   - the event loop: callbacks are delivered only inside
 *     rti_evoke_callbacks(), and between them the process sleeps in poll()
 *     on rti_get_fd() until rtiexec sends more (sample_pump);
 *   - the time loop: advance --step at a time, at --speed times the wall
 *     clock, calling the sample before each advance and after each grant
 *     (sample_run);
 *   - the state file of save and restore, DIR/LABEL.NAME.state: a header,
 *     the time loop's position, then what the sample writes of its model;
 *   - Grid.xml's basic values, written and read with librti's encoding
 *     helpers (librti-encoding(3)).
 *
 * A sample puts a struct sample first in its own struct, registers
 * &its_struct as the callbacks' argument (sample_join does), and finds
 * its struct from the argument with a cast: the C standard makes a
 * pointer to a struct and to its first member the same.
 */
#ifndef RTI_SAMPLE_H
#define RTI_SAMPLE_H

#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include <librti.h>

/* The FOM module: the installed Grid.xml when it is readable, otherwise the
 * name, which rtiexec looks up in its FOM path (rtiexec --fom-path). */
#ifdef RTI_FOMDIR
#define SAMPLE_FOM_INSTALLED RTI_FOMDIR "/Grid.xml"
#else
#define SAMPLE_FOM_INSTALLED "Grid.xml"
#endif
#define SAMPLE_FOM_NAME "Grid.xml"

/* The synchronization point the samples meet at with --peers. */
#define SAMPLE_SYNC_LABEL "ready"

/* Set by SIGINT and SIGTERM (sample_signals): the loops end, and the
 * sample resigns and exits 0. */
extern volatile sig_atomic_t sample_interrupted;

struct sample;

/* What one sample adds to the shared part; NULL members do nothing. */
struct sample_ops {
	const char *kind;          /* its federate type, "grid" */
	const char *name_help;     /* its default name, for --help */
	const char *state_header;  /* the first line of its state files */
	/* With --every N: what it shows every N steps (report_what says
	 * what, for --help). */
	void (*report)(struct sample *s);
	const char *report_what;
	/* The sample's model, after the time lines of a state file. */
	void (*save_model)(struct sample *s, FILE *fp);
	/* Read the model's part of a state file aside, changing nothing of
	 * the model: 0, or -1 when a field is missing or out of range. */
	int (*load_model)(struct sample *s, FILE *fp);
	/* Make what load_model read the model (the whole file was good). */
	void (*commit_model)(struct sample *s);
	/* After a restore: print what it shows now. */
	void (*restored)(struct sample *s);
	/* sample_run: before each time advance request, to t + step (at
	 * logical time t); -1 ends the run. */
	int (*step)(struct sample *s, double t);
};

struct sample {
	rti_ambassador *amb;
	char name[128];                 /* federate name, as joined */
	const struct sample_ops *ops;
	rti_federate_handle self;

	/* the command line (sample_options) */
	const char *url;                /* NULL: rti_connect's default */
	const char *federation;         /* default Grid */
	const char *fom;                /* default SAMPLE_FOM_INSTALLED, or
	                                   SAMPLE_FOM_NAME */
	const char *name_given;         /* --name, or NULL: name as set */
	const char *state_dir;          /* default . */
	double step, duration, speed, peers, timeout;
	int every;                      /* with ops->report; default 50 */

	/* the federation list and the "ready" point (sample_synchronize) */
	int listed, announced, synchronized;
	unsigned joined;                /* federates, by the last list */
	int in_federation;              /* joined: sample_leave resigns */

	/* time management */
	int regulating, constrained, granted;
	int advancing;                  /* a time advance request is out, */
	double target;                  /* to this time */
	double time;                    /* logical time, as last granted */
	double lookahead;               /* while regulating */
	double t0;                      /* where sample_run started */
	unsigned long steps;            /* time steps run */
	unsigned long advances;         /* time advance requests made */
	int stride;                     /* steps per time advance request
	                                 * (default 1; see sample_run) */
	int queued;                     /* the last evoke left callbacks
	                                 * queued (its *pending) */

	/* save and restore */
	char label[1025];               /* of the save or restore running */
	int live;                       /* 0 while a save or restore runs */
	int loaded;                     /* our state came back */
	int restored;                   /* a restore ended: resume */
	int failed;                     /* our state did not come back */
	unsigned long saves, restores;  /* the session's, not restored */
};

/* Defaults of struct sample (federation Grid, step 0.02 s at speed 1,
 * timeout 30 s, state in .) and its ops; the sample then sets its name. */
void sample_init(struct sample *s, const struct sample_ops *ops);

/*
 * The command line: the options of every sample and the sample's own,
 * `own` (getopt_long options, NULL-terminated) with their letters
 * `own_short` (getopt's syntax), each given to own_opt(s, letter, arg)
 * (0, or -1 for a bad value).  `usage` prints the sample's help (its own
 * options, then sample_usage).  0 to go on, 1 after --help (printed), 2
 * for a bad command line (said on stderr).
 */
int sample_options(struct sample *s, int argc, char **argv,
    const struct option *own, const char *own_short,
    int (*own_opt)(struct sample *s, int c, const char *arg),
    void (*usage)(FILE *out));
/* The help of the options every sample of `ops` takes. */
void sample_usage(FILE *out, const struct sample_ops *ops);
/* The number in all of `arg`, within [lo, hi], into *out: 0 or -1. */
int sample_number(const char *arg, double lo, double hi, double *out);

/* SIGINT and SIGTERM set sample_interrupted, without SA_RESTART: a
 * signal interrupts poll(). */
void sample_signals(void);

/*
 * Connect, create the federation (or find it there), and join it as
 * s->kind under s->name_given, or s->name (or a name rtiexec picks when
 * that is taken); s->name becomes the name joined under.  The members of
 * `cb` the sample left NULL get the shared callbacks of sample.c; every
 * callback's argument is `s`.  0, or -1 with a message.
 */
int sample_join(struct sample *s, struct rti_callbacks *cb);
/* Resign (deleting our instances, divesting what we own) and destroy
 * the federation when we were the last; free the ambassador.  The exit
 * status: `status`, 0 after Ctrl-C, 1 when the resign failed. */
int sample_leave(struct sample *s, int status);

/* Time regulating (with `regulating`, lookahead s->step) and
 * constrained.  0, or -1 with a message. */
int sample_enable_time(struct sample *s, int regulating);
/* With --peers N: wait until N federates have joined, then synchronize
 * them all at SAMPLE_SYNC_LABEL.  0 (also without --peers), or -1. */
int sample_synchronize(struct sample *s);

/* Monotonic clock, in seconds. */
double sample_now(void);
/*
 * Deliver callbacks until *flag is set (flag may be NULL) or the monotonic
 * clock reaches `deadline`: deliver what the library holds, then sleep in
 * poll() on rti_get_fd() until rtiexec sends more.  A signal interrupts
 * poll().  1 when the flag is set, 0 at the deadline, -1 on a signal, an
 * error, or after a failed restore.
 */
int sample_pump(struct sample *s, const int *flag, double deadline);
/* sample_pump for a flag that must come within `timeout` seconds; 0, or
 * -1 (saying that `what` did not come). */
int sample_wait_for(struct sample *s, const int *flag, double timeout,
    const char *what);
/* Time advance request to t, delivering callbacks until the grant; 0 or
 * -1. */
int sample_advance(struct sample *s, double t);
/* Between steps: while a save or restore runs, only evoke callbacks;
 * after a restore, wait for the grant the restored state was waiting
 * for.  1 after a restore, 0, or -1. */
int sample_settle(struct sample *s);
/*
 * The time loop, from s->time for --duration (0: until Ctrl-C): ops->step
 * at t, the advance to t + step (one more of s->steps, and ops->report
 * every --every steps), then the wait that keeps --speed, and any save or
 * restore (after a restore, from its time).  With s->stride k > 1 one
 * request covers up to k steps (never past the next report or the end;
 * the time is t + step added k times, as every other federate computes
 * it), and ops->step runs before each request: for a federate that only
 * shows what others compute, which needs what they sent, in time order,
 * not a grant per step.  0 when it ran out its duration or was
 * interrupted, -1 otherwise.
 */
int sample_run(struct sample *s);

/* Grid.xml's object classes. */
struct sample_classes {
	rti_object_class_handle c_bus, c_brk, c_line, c_sub;
};
/* Their handles in the joined federation's FOM into *oc: 0, or -1 with
 * a message. */
int sample_lookup_classes(struct sample *s, struct sample_classes *oc);

/* Grid.xml's interactions, the four subclasses of GridEvent, and their
 * parameters (Substation and Equipment are GridEvent's: one handle each
 * for all four). */
struct sample_events {
	rti_interaction_class_handle i_switching, i_fault, i_trip, i_alarm;
	rti_parameter_handle p_sub, p_equip;        /* GridEvent */
	rti_parameter_handle p_op, p_operator;      /* Switching */
	rti_parameter_handle p_type, p_z, p_dur;    /* Fault */
	rti_parameter_handle p_function;            /* ProtectionTrip */
	rti_parameter_handle p_text, p_severity;    /* Alarm */
};
/* Their handles in the joined federation's FOM into *ev: 0, or -1 with a
 * message. */
int sample_lookup_events(struct sample *s, struct sample_events *ev);

/* HLAfloat64BE: x into p[0..7]; the value v[0..len), NAN when the bytes
 * are not one. */
void sample_encode_f64(unsigned char *p, double x);
double sample_decode_f64(const void *v, uint32_t len);
/* HLAinteger32BE: x into p[0..3]; the value v[0..len), -1 when the bytes
 * are not one (Grid.xml's enumerations are never negative). */
void sample_encode_i32(unsigned char *p, int32_t x);
long sample_decode_i32(const void *v, uint32_t len);
/* HLAunicodeString: the UTF-8 text s into p, which has room for cap
 * bytes; its length, 0 when s does not fit (or is not UTF-8). */
uint32_t sample_encode_string(unsigned char *p, size_t cap, const char *s);
/* The HLAunicodeString value v[0..len) as UTF-8 text into out (cap
 * bytes); "" when the bytes are not one or the text does not fit.
 * Control characters become '?': no peer writes escape sequences to this
 * terminal. */
void sample_decode_string(const void *v, uint32_t len, char *out,
    size_t cap);

/*
 * The next line of a state file, "KEY FIELD...", with sscanf format fmt
 * into the pointers that follow: 0 when it has exactly `want` fields and
 * all converted (a format ending in %[^\n] takes the rest of the line as
 * its last), -1 otherwise.
 */
int sample_scan(FILE *fp, const char *key, int want, const char *fmt, ...)
    __attribute__((format(scanf, 4, 5)));
/* 1 for 0 or 1 (a flag read from a state file). */
int sample_is_flag(int v);

/* For a sample's start-up: a lookup of `what` in the FOM, and another
 * call, that must succeed, or the function returns -1 after saying
 * why. */
#define SAMPLE_LOOKUP(s, call, what)                                         \
	do {                                                                 \
		if ((call) != RTI_OK) {                                      \
			fprintf(stderr, "%s: the FOM has no %s: %s\n",       \
			    (s)->name, what, rti_error_message((s)->amb));   \
			return -1;                                           \
		}                                                            \
	} while (0)
#define SAMPLE_CHECK(s, call, what)                                          \
	do {                                                                 \
		if ((call) != RTI_OK) {                                      \
			fprintf(stderr, "%s: %s: %s\n", (s)->name, what,     \
			    rti_error_message((s)->amb));                    \
			return -1;                                           \
		}                                                            \
	} while (0)

#endif
