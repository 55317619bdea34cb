/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm.h - the FedM module of rtiexec: federation executions, joins and
 * resigns, synchronization points (see server.h for the module
 * interface).  Above every other module; MOM reads its saves, MOM and
 * HTTP read it, main.c creates federations with it.
 */
#ifndef RTI_FEDM_H
#define RTI_FEDM_H

#include "server.h"

/* The federation named `name`, or NULL. */
struct federation *fedm_find(struct rti_server *srv, const char *name);
/* Create a federation from module files (command line).  0 or -1 with a
 * message logged. */
int fedm_create_from_files(struct rti_server *srv, const char *name,
    const char *const *files, size_t n, const char *time_impl);
/* The saves of `fx`, for MOM's HLAfederation attributes: the last one
 * written since the federation was created (last NULL: none) and a timed
 * save requested that waits for its time (next NULL: none).  The strings
 * are FedM's, valid until its next change (the saves_changed event). */
struct fedm_saves {
	const char *last;
	int last_has_time;
	uint64_t last_time;
	const char *next;
	uint64_t next_time;
};
void fedm_saves(struct federation *fx, struct fedm_saves *out);
/* The save and restore state of `fx`, for HTTP to read: what runs now,
 * with its label (a restore's while restoring, NULL when idle) and the
 * time of a timed save; the last save written; the saves saved and
 * restores restored since the federation was created and the wall clock
 * (Unix seconds, 0: none) when the last save's file was written.  The
 * strings are FedM's, valid until the federation next changes. */
enum fedm_save_state {
	FEDM_SAVE_IDLE = 0,
	FEDM_SAVE_WAITING_FOR_TIME,  /* a timed save, its time not reached */
	FEDM_SAVE_SAVING,            /* federates instructed, not all done */
	FEDM_SAVE_WRITING,           /* every one complete: the file */
	FEDM_SAVE_RESTORING
};
struct fedm_save_info {
	enum fedm_save_state state;
	const char *label;
	int has_time;
	uint64_t time;
	const char *last;            /* NULL: none yet */
	int last_has_time;
	uint64_t last_time;
	uint64_t saves;
	uint64_t restores;
	int64_t last_written;
};
void fedm_save_info(struct federation *fx, struct fedm_save_info *out);
/* Federate `f`'s status in the save and in the restore, as the standard
 * names them (enum rti_save_status, enum rti_restore_status). */
void fedm_save_fed_status(struct federate *f, int *save_st,
    int *restore_st);
/* Send the frame in `b` to every joined federate of `fx` except `skip`. */
void fedm_broadcast(struct federation *fx, const struct wire_buf *b,
    const struct federate *skip);

/* Call `fn` for each pending synchronization point of `fx`, for
 * reading: its label, its `n` members and whether each achieved it
 * (achieved[i] != 0).  The arrays live until the point changes. */
typedef void (*fedm_sync_fn)(void *arg, const char *label, uint32_t n,
    const uint32_t *members, const uint8_t *achieved);
void fedm_sync_each(struct federation *fx, fedm_sync_fn fn, void *arg);

/* fedm_store.c: a module's id in a save file (rti-save(5)), by MOD_*:
 * fixed once and for all, whatever the order of the module table; -1:
 * it saves nothing.  Ids are below FEDM_SAVE_N_IDS. */
extern const int fedm_save_id[MOD_COUNT];
#define FEDM_SAVE_N_IDS 7

#endif
