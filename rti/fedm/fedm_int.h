/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm_int.h - what FedM's files share: the per-federation state and the
 * entry points of each file the others call.
 */
#ifndef RTI_FEDM_INT_H
#define RTI_FEDM_INT_H

#include "server.h"

/* At most this many FOM modules: a create's, or a federation's with the
 * modules of a join. */
#define FEDM_MAX_MODULES 256

struct fomload_out;
struct sync_point;

struct store_save;

/* A federation's save or restore (fedm_save.c). */
enum {
	FX_SAVE_NONE = 0,
	FX_SAVE_TIMED,            /* requested at a time, not yet there */
	FX_SAVE_INITIATED,
	FX_SAVE_WRITING
};

struct fedm_fx {
	struct sync_point *syncs;
	int save;                 /* FX_SAVE_* */
	char *save_label;
	int save_has_time;
	uint64_t save_time;
	uint32_t save_failed;     /* federates that said not complete */
	char *save_failed_by;     /* the first of them (malloc'd), or NULL */
	struct store_save *store; /* fedm_store.c's, while writing */
	struct store_job *loading; /* the read of a restore requested, until
	                              it is loaded (restore_by asked) */
	uint32_t restore_by;
	int restoring;            /* from restore begun to restored/not */
	char *restore_label;
	/* From restore begun until every federate has seen it
	 * (WIRE_SAVE_SEEN): the staged save and the plan's federates,
	 * applied then; NULL after. */
	struct store_restore *pending;
	struct federate **pending_joined;
	/* the last save written (fedm_saves, MOM), NULL when none yet */
	char *last_label;
	int last_has_time;
	uint64_t last_time;
	int64_t last_written;     /* wall clock of its file, Unix s */
	uint32_t gen;             /* each save initiated and restore begun
	                             (WIRE_SAVE_SEEN names the one it saw) */
	uint64_t n_saved;         /* saves saved, restores restored */
	uint64_t n_restored;
	/* The compact forms (fom.h) of the first n_bin modules, made at the
	 * first join or announcement that sends them and kept: a federation's
	 * modules only ever append (fedm_fom_install keeps the first ones). */
	struct wire_buf *bin;
	uint32_t n_bin;
};

/* Append module i of fx as joiners read it (str name, blob compact
 * form) to b (fedm_fom.c).  0, or -1 (ENOMEM, b->oom set). */
int fedm_put_module(struct federation *fx, uint32_t i, struct wire_buf *b);
void fedm_bin_free(struct fedm_fx *st);

/* FedM's slot of a federate (f->mod[MOD_FEDM]). */
struct fedm_fed {
	int save_st;              /* enum rti_save_status */
	int restore_st;           /* enum rti_restore_status */
	uint32_t pre_handle;      /* its handle before the restore */
};

/* fedm_save.c: the handlers of the save and restore services. */
int fedm_h_save_request(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int fedm_h_save_begun(struct conn *c, uint32_t serial, struct wire_rd *rd);
int fedm_h_save_seen(struct conn *c, uint32_t serial, struct wire_rd *rd);
int fedm_h_save_complete(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int fedm_h_save_abort(struct conn *c, uint32_t serial, struct wire_rd *rd);
int fedm_h_save_query(struct conn *c, uint32_t serial, struct wire_rd *rd);
int fedm_h_restore_request(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int fedm_h_restore_complete(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int fedm_h_restore_abort(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int fedm_h_restore_query(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
/* fedm_store.c: WIRE_SAVE_COLLECTED. */
int fedm_h_save_collected(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
/* `f` is leaving (resign or lost connection) while a save or restore
 * may run: the save is not saved, the restore not restored
 * (FEDERATE_RESIGNED), for the others. */
void fedm_save_leave(struct federate *f);
/* The save_time_reached event: a timed save is initiated. */
void fedm_save_time_reached(struct federation *fx);
/* Free the save and restore state of `fx`. */
void fedm_save_fini(struct federation *fx);
/* RTI_OK, or the error that refuses a join to `fx` now. */
int fedm_save_join_check(struct federation *fx, char *msg, size_t len);

/* FedM's own section of a save file: the next federate handle and each
 * federate's resign action (fedm_store.c). */
int fedm_save_state(struct federation *fx, struct wire_buf *out);
int fedm_restore_stage(struct federation *fx,
    const struct restore_saved *saved, struct wire_rd *rd, void **staged,
    char *msg, size_t len);
void fedm_restore_apply(struct federation *fx, void *staged);
void fedm_restore_discard(void *staged);
int fedm_restore_sync(struct federate *f);

/* fedm_fom.c: put the loaded model `out` (fx's n_base modules, then a
 * join's new ones) in place of fx's.  RTI_OK (out's FOM and texts
 * taken, the new modules announced) or the refusal with `msg` filled and
 * fx unchanged. */
int fedm_fom_install(struct federation *fx, struct fomload_out *out,
    uint32_t n_base, char *msg, size_t len);

/* Send the frame in `b` to federate `handle` of `fx`, if connected. */
void fedm_send_to(struct federation *fx, uint32_t handle,
    const struct wire_buf *b);

/* Handlers of WIRE_SYNC_REGISTER and WIRE_SYNC_ACHIEVED. */
int fedm_h_sync_register(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int fedm_h_sync_achieved(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
/* `f` just joined: it becomes a member of every pending point of the
 * whole federation, announced to it. */
void fedm_sync_late_joiner(struct federate *f);
/* `f` leaves: out of every point; points left complete. */
void fedm_sync_leave(struct federate *f);
/* Free every pending point of `fx`. */
void fedm_sync_fini(struct federation *fx);
/* The pending points in FedM's section of a save (rti-save(5)): append
 * them (0, or -1 ENOMEM); read them into a new list (RTI_OK, NO_MEMORY,
 * or COULD_NOT_INITIATE_RESTORE when damaged; members are saved
 * handles); put a list in place of fx's; free one not applied. */
int fedm_sync_save(struct federation *fx, struct wire_buf *out);
int fedm_sync_stage(const struct restore_saved *saved, struct wire_rd *rd,
    struct sync_point **out);
void fedm_sync_apply(struct federation *fx, struct sync_point *list);
void fedm_sync_discard(struct sync_point *list);

/*
 * The save file (fedm_store.c, rti-save(5)), used by the save and restore
 * services (fedm_save.c).  Save files live in the server's save directory
 * (--save-dir), one per federation and label.
 */
/* Write the save `label` of `fx` (has_time: at logical time `t`, in the
 * federation's time encoding).  Every joined federate has reported its
 * save complete.  First each federate's librti is asked for the state
 * only it holds (WIRE_CB_SAVE_COLLECT: its held timestamp-order
 * messages); when every answer is in, the file is written atomically
 * (temporary file, fsync, rename).  The outcome is told once, by
 * fedm_save_written.  0, or -1 (ENOMEM: nothing started). */
int store_save_begin(struct federation *fx, const char *label,
    int has_time, uint64_t t);
/* Stop a save store_save_begin started (a federate left, or the save was
 * aborted): nothing is written, any temporary file is removed, and
 * fedm_save_written is not called.  No-op when none is running. */
void store_save_cancel(struct federation *fx);
/* FedM's: the save of `fx` is written (RTI_OK), or could not be
 * (RTI_ERR_* and why in `msg`: the directory is not writable, the disk is
 * full...). */
void fedm_save_written(struct federation *fx, int err, const char *msg);

/* fedm.c: the save worker (store_io.h), started when first asked; NULL
 * (logged) when it cannot start. */
struct store_io *fedm_store_io(struct rti_server *srv);

struct store_restore;
/* Start reading the save `label` of `fx` on the save worker (the
 * federation directory opened beneath the save directory, the file at
 * most --max-save-size and within the memory budget, its header checked
 * before the rest is read, then its CRC and layout).  0: the outcome comes
 * to fedm_restore_loaded, on the loop; -1 with *err and `msg` (nothing
 * started).  Then, on the loop, the save is checked against `fx`
 * (federation, label, time, the same FOM modules) and every module's
 * state staged (restore_stage); nothing of `fx` changes. */
int store_restore_begin(struct federation *fx, const char *label,
    int *err, char *msg, size_t len);
/* The read of the restore of `fx` is not wanted (the requester left, the
 * federation ends): fedm_restore_loaded is not called.  No-op when none
 * runs. */
void store_restore_cancel(struct federation *fx);
/* fedm_save.c: the outcome of store_restore_begin: `r` staged (taken
 * over), or NULL with `err` and `msg` (for the requester). */
void fedm_restore_loaded(struct federation *fx, struct store_restore *r,
    int err, const char *msg);
/* The saved federates of a loaded save (owned by `r`). */
const struct restore_saved *store_restore_saved(
    const struct store_restore *r);
/* Apply `r` (taken over) with `plan` (FedM matched the federates by
 * type): each joined federate takes its saved handle and name, every
 * module's state is replaced (restore_apply), and each federate's librti
 * is sent its state (restore_sync).  Cannot fail but for ENOMEM while
 * sending (-1: the federates not sent to are dropped). */
int store_restore_apply(struct federation *fx, struct store_restore *r,
    const struct restore_plan *plan);
void store_restore_free(struct store_restore *r);

#endif
