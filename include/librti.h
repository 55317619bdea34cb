/* SPDX-License-Identifier: Apache-2.0 */
/*
 * librti.h - the C API of rti, a run-time infrastructure (RTI) shaped after
 * IEEE 1516-2010 (HLA Evolved).
 *
 * One rti_ambassador is one federate's connection to rtiexec.  Every
 * RTIambassador service is a function rti_<service_in_snake_case>; every
 * FederateAmbassador callback is a function pointer of struct rti_callbacks
 * with the same name.  Every IEEE 1516 exception is a value of enum rti_err;
 * a service returns RTI_OK (0) or one of them, and rti_error_message() gives
 * the detail of the last failure on that ambassador.
 *
 * Callbacks run only inside rti_evoke_callbacks() / rti_evoke_callback(), on
 * the caller's thread, with no library lock held (HLA_EVOKED).  A callback
 * may call any service of the same ambassador.  rti_get_fd() exposes the
 * connection so a federate can wait on it in its own poll/libevent loop.
 *
 * Buffers: every pointer passed into a service is borrowed for the duration
 * of the call and copied if kept.  Every pointer passed to a callback is
 * borrowed for the duration of that callback.  Strings returned by name
 * lookups are owned by the ambassador and valid until it is freed.
 *
 * Threads: an ambassador is used by one thread at a time.  Different
 * ambassadors are independent.
 */
#ifndef LIBRTI_H
#define LIBRTI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(RTI_BUILDING)
#define RTI_API __attribute__((visibility("default")))
#else
#define RTI_API
#endif

#define RTI_VERSION_STRING "0.1.0"
/* Default TCP port of rtiexec. */
#define RTI_DEFAULT_PORT 14321

/*
 * Errors.  XX(NAME, "message").  RTI_OK is 0; every other value maps to one
 * IEEE 1516 exception (plus a few transport conditions).
 */
#define RTI_ERR_MAP(XX)                                                       \
	XX(OK, "success")                                                     \
	XX(INVALID_ARGUMENT, "invalid argument")                              \
	XX(NOT_CONNECTED, "not connected")                                    \
	XX(ALREADY_CONNECTED, "already connected")                            \
	XX(CONNECTION_FAILED, "connection failed")                            \
	XX(CONNECTION_LOST, "connection to rtiexec lost")                     \
	XX(INVALID_LOCAL_SETTINGS_DESIGNATOR, "invalid connection URL")       \
	XX(PROTOCOL_ERROR, "protocol error")                                  \
	XX(AUTHENTICATION_FAILED, "authentication failed")                    \
	XX(NO_MEMORY, "out of memory")                                        \
	XX(LIMIT_EXCEEDED, "limit exceeded")                                  \
	XX(CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,                             \
	    "call not allowed from within callback")                          \
	XX(COULD_NOT_OPEN_FDD, "could not open FOM module")                   \
	XX(ERROR_READING_FDD, "error reading FOM module")                     \
	XX(INCONSISTENT_FDD, "inconsistent FOM modules")                      \
	XX(COULD_NOT_CREATE_LOGICAL_TIME_FACTORY,                             \
	    "unknown logical time implementation")                            \
	XX(FEDERATION_EXECUTION_ALREADY_EXISTS,                               \
	    "federation execution already exists")                            \
	XX(FEDERATION_EXECUTION_DOES_NOT_EXIST,                               \
	    "federation execution does not exist")                            \
	XX(FEDERATES_CURRENTLY_JOINED, "federates currently joined")          \
	XX(FEDERATE_ALREADY_EXECUTION_MEMBER,                                 \
	    "federate already execution member")                              \
	XX(FEDERATE_NOT_EXECUTION_MEMBER, "federate not execution member")    \
	XX(FEDERATE_NAME_ALREADY_IN_USE, "federate name already in use")      \
	XX(FEDERATE_OWNS_ATTRIBUTES, "federate owns attributes")              \
	XX(INVALID_RESIGN_ACTION, "invalid resign action")                    \
	XX(OWNERSHIP_ACQUISITION_PENDING, "ownership acquisition pending")    \
	XX(SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED,                         \
	    "synchronization point label not announced")                      \
	XX(NAME_NOT_FOUND, "name not found")                                  \
	XX(INVALID_FEDERATE_HANDLE, "invalid federate handle")                \
	XX(FEDERATE_HANDLE_NOT_KNOWN, "federate handle not known")            \
	XX(INVALID_OBJECT_CLASS_HANDLE, "invalid object class handle")        \
	XX(INVALID_ATTRIBUTE_HANDLE, "invalid attribute handle")              \
	XX(INVALID_INTERACTION_CLASS_HANDLE,                                  \
	    "invalid interaction class handle")                               \
	XX(INVALID_PARAMETER_HANDLE, "invalid parameter handle")              \
	XX(INVALID_DIMENSION_HANDLE, "invalid dimension handle")              \
	XX(INVALID_REGION, "invalid region")                                  \
	XX(INVALID_REGION_CONTEXT, "invalid region context")                  \
	XX(INVALID_RANGE_BOUND, "invalid range bound")                        \
	XX(REGION_NOT_CREATED_BY_THIS_FEDERATE,                               \
	    "region not created by this federate")                            \
	XX(REGION_IN_USE_FOR_UPDATE_OR_SUBSCRIPTION,                          \
	    "region in use for update or subscription")                       \
	XX(REGION_DOES_NOT_CONTAIN_SPECIFIED_DIMENSION,                       \
	    "region does not contain specified dimension")                    \
	XX(INVALID_CONDITION, "invalid filter condition")                     \
	XX(OBJECT_CLASS_NOT_DEFINED, "object class not defined")              \
	XX(OBJECT_CLASS_NOT_PUBLISHED, "object class not published")          \
	XX(ATTRIBUTE_NOT_DEFINED, "attribute not defined")                    \
	XX(ATTRIBUTE_NOT_PUBLISHED, "attribute not published")                \
	XX(ATTRIBUTE_NOT_OWNED, "attribute not owned")                        \
	XX(ATTRIBUTE_ALREADY_OWNED, "attribute already owned")                \
	XX(ATTRIBUTE_ALREADY_BEING_ACQUIRED,                                  \
	    "attribute already being acquired")                               \
	XX(ATTRIBUTE_ALREADY_BEING_DIVESTED,                                  \
	    "attribute already being divested")                               \
	XX(ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED,                           \
	    "attribute divestiture was not requested")                        \
	XX(ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED,                           \
	    "attribute acquisition was not requested")                        \
	XX(NO_ACQUISITION_PENDING, "no acquisition pending")                  \
	XX(INTERACTION_CLASS_NOT_DEFINED, "interaction class not defined")    \
	XX(INTERACTION_CLASS_NOT_PUBLISHED,                                   \
	    "interaction class not published")                                \
	XX(INTERACTION_PARAMETER_NOT_DEFINED,                                 \
	    "interaction parameter not defined")                              \
	XX(OBJECT_INSTANCE_NOT_KNOWN, "object instance not known")            \
	XX(OBJECT_INSTANCE_NAME_IN_USE, "object instance name in use")        \
	XX(OBJECT_INSTANCE_NAME_NOT_RESERVED,                                 \
	    "object instance name not reserved")                              \
	XX(ILLEGAL_NAME, "illegal name")                                      \
	XX(DELETE_PRIVILEGE_NOT_HELD, "delete privilege not held")            \
	XX(INVALID_LOGICAL_TIME, "invalid logical time")                      \
	XX(INVALID_LOOKAHEAD, "invalid lookahead")                            \
	XX(LOGICAL_TIME_ALREADY_PASSED, "logical time already passed")        \
	XX(IN_TIME_ADVANCING_STATE, "in time advancing state")                \
	XX(REQUEST_FOR_TIME_REGULATION_PENDING,                               \
	    "request for time regulation pending")                            \
	XX(REQUEST_FOR_TIME_CONSTRAINED_PENDING,                              \
	    "request for time constrained pending")                           \
	XX(TIME_REGULATION_ALREADY_ENABLED, "time regulation already enabled") \
	XX(TIME_REGULATION_IS_NOT_ENABLED, "time regulation is not enabled")  \
	XX(TIME_CONSTRAINED_ALREADY_ENABLED,                                  \
	    "time constrained already enabled")                               \
	XX(TIME_CONSTRAINED_IS_NOT_ENABLED, "time constrained is not enabled") \
	XX(ASYNCHRONOUS_DELIVERY_ALREADY_ENABLED,                             \
	    "asynchronous delivery already enabled")                          \
	XX(ASYNCHRONOUS_DELIVERY_ALREADY_DISABLED,                            \
	    "asynchronous delivery already disabled")                         \
	XX(INVALID_MESSAGE_RETRACTION_HANDLE,                                 \
	    "invalid message retraction handle")                              \
	XX(MESSAGE_CAN_NO_LONGER_BE_RETRACTED,                                \
	    "message can no longer be retracted")                             \
	XX(INTERNAL_ERROR, "RTI internal error")                              \
	XX(DECODER_ERROR, "value does not decode as its datatype")         \
	XX(DATATYPE_NOT_DEFINED, "datatype not defined or not encodable")    \
	XX(SAVE_IN_PROGRESS, "save in progress")                              \
	XX(RESTORE_IN_PROGRESS, "restore in progress")                        \
	XX(SAVE_NOT_INITIATED, "save not initiated")                          \
	XX(SAVE_NOT_IN_PROGRESS, "save not in progress")                      \
	XX(FEDERATE_HAS_NOT_BEGUN_SAVE, "federate has not begun save")        \
	XX(RESTORE_NOT_REQUESTED, "restore not requested")                    \
	XX(RESTORE_NOT_IN_PROGRESS, "restore not in progress")                \
	XX(FEDERATE_UNABLE_TO_USE_TIME, "federate unable to use time")        \
	XX(SPECIFIED_SAVE_LABEL_DOES_NOT_EXIST,                               \
	    "specified save label does not exist")                            \
	XX(COULD_NOT_INITIATE_RESTORE, "could not initiate restore")  \
	XX(INVALID_TRANSPORTATION_TYPE, "invalid transportation type")

enum rti_err {
#define RTI_ERR_ENUM_(name, msg) RTI_ERR_##name,
	RTI_ERR_MAP(RTI_ERR_ENUM_)
#undef RTI_ERR_ENUM_
	RTI_ERR__COUNT
};
#define RTI_OK RTI_ERR_OK

/* Static text for an error code ("federate not execution member"). */
RTI_API const char *rti_strerror(int err);
/* Static name of an error code ("RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER"). */
RTI_API const char *rti_err_name(int err);

/*
 * Typed handles.  Each is a distinct struct so the compiler rejects an
 * attribute handle passed where a class handle belongs.  id 0 is invalid.
 * Layout: a struct of one uint32_t (4 bytes; the retraction handle: one
 * uint64_t), passed by value as that integer is.
 */
#define RTI_DECLARE_HANDLE_(name) typedef struct { uint32_t id; } name
RTI_DECLARE_HANDLE_(rti_federate_handle);
RTI_DECLARE_HANDLE_(rti_object_class_handle);
RTI_DECLARE_HANDLE_(rti_attribute_handle);
RTI_DECLARE_HANDLE_(rti_interaction_class_handle);
RTI_DECLARE_HANDLE_(rti_parameter_handle);
RTI_DECLARE_HANDLE_(rti_object_instance_handle);
RTI_DECLARE_HANDLE_(rti_dimension_handle);
RTI_DECLARE_HANDLE_(rti_region_handle);
#undef RTI_DECLARE_HANDLE_
/* Unique in the federation: the sending federate's handle in the high 32
 * bits, its message serial in the low 32. */
typedef struct { uint64_t id; } rti_message_retraction_handle;
#define RTI_HANDLE_INITIALIZER { 0 }
#define RTI_HANDLE_IS_VALID(h) ((h).id != 0)

/* One attribute value of an update or reflection. */
struct rti_attribute_value {
	rti_attribute_handle attribute;
	const void *value;
	uint32_t length;
};

/* One parameter value of an interaction. */
struct rti_parameter_value {
	rti_parameter_handle parameter;
	const void *value;
	uint32_t length;
};

/*
 * Logical time (and lookahead).  A federation uses one time representation,
 * chosen at creation: HLAfloat64Time (member f64, the default) or
 * HLAinteger64Time (member i64).  Fill the member of the federation's
 * representation, or use rti_time_f64() / rti_time_i64(); librti reads only
 * that member.  A time librti hands out (callbacks, queries, message info)
 * has both set: the other member holds the same time converted (an integer
 * time as a double; a float time truncated toward zero and saturated to
 * the int64 range, NaN as 0), for tools that print any federation's times.
 *
 * Layout, for foreign-function interfaces: a plain struct of 16 bytes,
 * alignment 8, no padding: double f64 at offset 0, int64_t i64 at offset 8.
 * It is passed by value like any such struct.
 */
typedef struct rti_time {
	double f64;
	int64_t i64;
} rti_time;

static inline rti_time
rti_time_f64(double v)
{
	rti_time t;

	t.f64 = v;
	t.i64 = 0;
	return t;
}

static inline rti_time
rti_time_i64(int64_t v)
{
	rti_time t;

	t.f64 = 0.0;
	t.i64 = v;
	return t;
}

enum rti_order {
	RTI_ORDER_RECEIVE = 0,
	RTI_ORDER_TIMESTAMP = 1
};

/* Transportation types: the MIM's HLAreliable and HLAbestEffort. */
enum rti_transportation {
	RTI_TRANSPORT_RELIABLE = 0,
	RTI_TRANSPORT_BEST_EFFORT = 1
};

enum rti_resign_action {
	RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES = 0,
	RTI_RESIGN_DELETE_OBJECTS = 1,
	RTI_RESIGN_CANCEL_PENDING_OWNERSHIP_ACQUISITIONS = 2,
	RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST = 3,
	RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST = 4,
	RTI_RESIGN_NO_ACTION = 5
};

enum rti_sync_failure_reason {
	RTI_SYNC_POINT_LABEL_NOT_UNIQUE = 0,
	RTI_SYNC_SET_MEMBER_NOT_JOINED = 1
};

/* Federation save and restore (IEEE 1516.1-2010 4.11-4.31). */
enum rti_save_failure_reason {
	RTI_SAVE_RTI_UNABLE_TO_SAVE = 0,
	RTI_SAVE_FEDERATE_REPORTED_FAILURE = 1,
	RTI_SAVE_FEDERATE_RESIGNED = 2,
	RTI_SAVE_RTI_DETECTED_FAILURE = 3,
	RTI_SAVE_TIME_CANNOT_BE_HONORED = 4,
	RTI_SAVE_ABORTED = 5
};

enum rti_save_status {
	RTI_SAVE_STATUS_NO_SAVE_IN_PROGRESS = 0,
	RTI_SAVE_STATUS_FEDERATE_INSTRUCTED_TO_SAVE = 1,
	RTI_SAVE_STATUS_FEDERATE_SAVING = 2,
	RTI_SAVE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_SAVE = 3
};

struct rti_federate_save_status {
	rti_federate_handle federate;
	enum rti_save_status status;
};

enum rti_restore_failure_reason {
	RTI_RESTORE_RTI_UNABLE_TO_RESTORE = 0,
	RTI_RESTORE_FEDERATE_REPORTED_FAILURE = 1,
	RTI_RESTORE_FEDERATE_RESIGNED = 2,
	RTI_RESTORE_RTI_DETECTED_FAILURE = 3,
	RTI_RESTORE_ABORTED = 4
};

enum rti_restore_status {
	RTI_RESTORE_STATUS_NO_RESTORE_IN_PROGRESS = 0,
	RTI_RESTORE_STATUS_FEDERATE_RESTORE_REQUEST_PENDING = 1,
	RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_RESTORE_TO_BEGIN = 2,
	RTI_RESTORE_STATUS_FEDERATE_PREPARED_TO_RESTORE = 3,
	RTI_RESTORE_STATUS_FEDERATE_RESTORING = 4,
	RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_RESTORE = 5
};

struct rti_federate_restore_status {
	rti_federate_handle pre_restore;  /* the federate's handle before */
	rti_federate_handle post_restore; /* its handle after (0: not yet) */
	enum rti_restore_status status;
};

/* Extra information delivered with reflections, interactions and removes. */
struct rti_message_info {
	rti_federate_handle producer;   /* sending federate */
	enum rti_order sent_order;
	enum rti_order received_order;
	rti_time time;                  /* valid when has_time */
	rti_message_retraction_handle retraction; /* id 0 when none (only
	                                   messages sent timestamp order
	                                   have one) */
	/* send condition, NULL when none: the update's own, else the
	 * instance's (on reflect_class_bundle: the bundle's own, else the
	 * one all its instances share, else NULL; see
	 * rti_bundle_instance.condition) */
	const char *condition;
	int has_time;                   /* 1: the sender gave a time; sent
	                                   receive order, it is information
	                                   only (IEEE 1516-2010 8.1.1) */
	/* how it arrived: RTI_TRANSPORT_BEST_EFFORT in a datagram (UDP or
	 * multicast), else RTI_TRANSPORT_RELIABLE (best effort that
	 * travelled on the stream included).  Appended: the members above
	 * keep their places. */
	enum rti_transportation transportation;
};

/* One federation execution as reported by rti_list_federation_executions. */
struct rti_federation_execution_info {
	const char *name;
	const char *time_implementation; /* "HLAfloat64Time"/"HLAinteger64Time" */
	uint32_t federates;              /* joined federates */
};

/* One instance of a class-level bundle (see rti_update_class_attribute_values
 * and the reflect_class_bundle callback). */
struct rti_bundle_instance {
	rti_object_instance_handle object;
	const struct rti_attribute_value *values;
	size_t n_values;
	/* reflect_class_bundle: the instance's send condition (the bundle's
	 * own, else the instance's), NULL when none; ignored by
	 * rti_update_class_attribute_values */
	const char *condition;
};

/*
 * Callbacks (the FederateAmbassador).  Any member may be NULL: the callback
 * is then dropped.  `arg` is the pointer given to rti_connect().  Pointer
 * arguments are borrowed for the duration of the call.
 */
struct rti_callbacks {
	/* Connection and federation management */
	void (*connection_lost)(void *arg, const char *fault);
	void (*report_federation_executions)(void *arg,
	    const struct rti_federation_execution_info *infos, size_t n);
	void (*synchronization_point_registration_succeeded)(void *arg,
	    const char *label);
	void (*synchronization_point_registration_failed)(void *arg,
	    const char *label, enum rti_sync_failure_reason reason);
	void (*announce_synchronization_point)(void *arg, const char *label,
	    const void *tag, size_t tag_len);
	void (*federation_synchronized)(void *arg, const char *label,
	    const rti_federate_handle *failed, size_t n_failed);

	/* Declaration management (relevance advisories) */
	void (*start_registration_for_object_class)(void *arg,
	    rti_object_class_handle cls);
	void (*stop_registration_for_object_class)(void *arg,
	    rti_object_class_handle cls);
	void (*turn_interactions_on)(void *arg,
	    rti_interaction_class_handle cls);
	void (*turn_interactions_off)(void *arg,
	    rti_interaction_class_handle cls);

	/* Object management */
	void (*object_instance_name_reservation_succeeded)(void *arg,
	    const char *name);
	void (*object_instance_name_reservation_failed)(void *arg,
	    const char *name);
	void (*multiple_object_instance_name_reservation_succeeded)(void *arg,
	    const char *const *names, size_t n);
	void (*multiple_object_instance_name_reservation_failed)(void *arg,
	    const char *const *names, size_t n);
	void (*discover_object_instance)(void *arg,
	    rti_object_instance_handle obj, rti_object_class_handle cls,
	    const char *name, rti_federate_handle producer);
	void (*reflect_attribute_values)(void *arg,
	    rti_object_instance_handle obj,
	    const struct rti_attribute_value *values, size_t n,
	    const void *tag, size_t tag_len,
	    const struct rti_message_info *info);
	/* Optional: when set, a class bundle is delivered here whole instead of
	 * as one reflect_attribute_values call per instance. */
	void (*reflect_class_bundle)(void *arg, rti_object_class_handle cls,
	    const struct rti_bundle_instance *instances, size_t n,
	    const void *tag, size_t tag_len,
	    const struct rti_message_info *info);
	void (*receive_interaction)(void *arg,
	    rti_interaction_class_handle cls,
	    const struct rti_parameter_value *values, size_t n,
	    const void *tag, size_t tag_len,
	    const struct rti_message_info *info);
	void (*remove_object_instance)(void *arg,
	    rti_object_instance_handle obj, const void *tag, size_t tag_len,
	    const struct rti_message_info *info);
	void (*attributes_in_scope)(void *arg, rti_object_instance_handle obj,
	    const rti_attribute_handle *attrs, size_t n);
	void (*attributes_out_of_scope)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n);
	void (*provide_attribute_value_update)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n, const void *tag, size_t tag_len);
	void (*turn_updates_on_for_object_instance)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n);
	void (*turn_updates_off_for_object_instance)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n);

	/* Ownership management */
	void (*request_attribute_ownership_assumption)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n, const void *tag, size_t tag_len);
	void (*request_divestiture_confirmation)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n);
	void (*attribute_ownership_acquisition_notification)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n, const void *tag, size_t tag_len);
	void (*attribute_ownership_unavailable)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n);
	void (*request_attribute_ownership_release)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n, const void *tag, size_t tag_len);
	void (*confirm_attribute_ownership_acquisition_cancellation)(void *arg,
	    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
	    size_t n);
	void (*inform_attribute_ownership)(void *arg,
	    rti_object_instance_handle obj, rti_attribute_handle attr,
	    rti_federate_handle owner);
	void (*attribute_is_not_owned)(void *arg,
	    rti_object_instance_handle obj, rti_attribute_handle attr);
	void (*attribute_is_owned_by_rti)(void *arg,
	    rti_object_instance_handle obj, rti_attribute_handle attr);

	/* Time management */
	void (*time_regulation_enabled)(void *arg, rti_time time);
	void (*time_constrained_enabled)(void *arg, rti_time time);
	void (*time_advance_grant)(void *arg, rti_time time);
	void (*request_retraction)(void *arg,
	    rti_message_retraction_handle retraction);

	/* Federation save and restore (librti-save(3)).  Appended: the
	 * members above keep their places. */
	void (*initiate_federate_save)(void *arg, const char *label,
	    int has_time, rti_time time);
	void (*federation_saved)(void *arg);
	void (*federation_not_saved)(void *arg,
	    enum rti_save_failure_reason reason);
	void (*federation_save_status_response)(void *arg,
	    const struct rti_federate_save_status *status, size_t n);
	void (*request_federation_restore_succeeded)(void *arg,
	    const char *label);
	/* `reason` says why (no such save, the FOM or the federate types do
	 * not match, the file is damaged...). */
	void (*request_federation_restore_failed)(void *arg, const char *label,
	    const char *reason);
	void (*federation_restore_begun)(void *arg);
	void (*initiate_federate_restore)(void *arg, const char *label,
	    const char *federate_name, rti_federate_handle federate);
	void (*federation_restored)(void *arg);
	void (*federation_not_restored)(void *arg,
	    enum rti_restore_failure_reason reason);
	void (*federation_restore_status_response)(void *arg,
	    const struct rti_federate_restore_status *status, size_t n);
	/* Transportation types (answers of the queries) */
	void (*report_attribute_transportation_type)(void *arg,
	    rti_object_instance_handle obj, rti_attribute_handle attr,
	    enum rti_transportation type);
	void (*report_interaction_transportation_type)(void *arg,
	    rti_federate_handle federate, rti_interaction_class_handle cls,
	    enum rti_transportation type);
};

typedef struct rti_ambassador rti_ambassador;

/* ------------------------------------------------------------------ */
/* Ambassador, connection, callbacks                                  */
/* ------------------------------------------------------------------ */

/* A new, unconnected ambassador, or NULL on ENOMEM. */
RTI_API rti_ambassador *rti_ambassador_new(void);
/* Disconnects (resigning first if joined, with RTI_RESIGN_NO_ACTION... as
 * the federation's automatic resign action) and frees. NULL is a no-op. */
RTI_API void rti_ambassador_free(rti_ambassador *amb);

/*
 * Connect to rtiexec.  `url` is "tcp://HOST:PORT", "HOST:PORT", "HOST",
 * "unix:///path/to/socket", or NULL or "": the environment variable
 * RTI_URL when it is set and not empty, else "tcp://127.0.0.1:14321".
 * `callbacks` is copied; `arg` is passed to every callback.
 * @retval RTI_OK
 * @retval RTI_ERR_ALREADY_CONNECTED
 * @retval RTI_ERR_INVALID_LOCAL_SETTINGS_DESIGNATOR bad URL
 * @retval RTI_ERR_CONNECTION_FAILED nothing listening, or handshake refused
 * @retval RTI_ERR_AUTHENTICATION_FAILED
 */
RTI_API int rti_connect(rti_ambassador *amb, const char *url,
    const struct rti_callbacks *callbacks, void *arg);
/* Set the shared secret used by rti_connect (call before it).  `key` is
 * copied; `len` at most 256 bytes.  RTI_ERR_INVALID_ARGUMENT otherwise. */
RTI_API int rti_set_auth_key(rti_ambassador *amb, const void *key,
    size_t len);
/*
 * The seconds of silence from rtiexec after which librti reports
 * connection_lost (call before rti_connect; it applies from the next
 * one).  0 (the default) takes rtiexec's --heartbeat-timeout from the
 * handshake.  librti notices only while the federate is inside a call
 * (evoking, or waiting for a reply); it never lowers the timeout below
 * two of rtiexec's heartbeat periods, and with rtiexec's heartbeats off
 * it checks none.
 * @retval RTI_OK
 * @retval RTI_ERR_INVALID_ARGUMENT not 0 and not within 0.5..3600
 */
RTI_API int rti_set_heartbeat_timeout(rti_ambassador *amb, double seconds);
/* Close the connection.  Joined federates are resigned by rtiexec with
 * their automatic resign action. */
RTI_API int rti_disconnect(rti_ambassador *amb);

/* The one descriptor to poll for reading (readable when callbacks may be
 * pending), the same for the whole connection, or -1 when not connected.
 * Over TCP it is an epoll descriptor holding the stream and the
 * datagram socket of best effort; over a Unix socket, the socket. */
RTI_API int rti_get_fd(const rti_ambassador *amb);

/*
 * Deliver callbacks (HLA evokeMultipleCallbacks): delivers them as they
 * arrive for at least `min_s` seconds, and returns once `min_s` has passed
 * and none is pending, or once `max_s` has passed.  (0, 0) delivers what
 * is pending and returns at once.  rti_evoke_callback delivers at most one,
 * waiting up to `wait_s` seconds for it.  Both first send buffered
 * updates.
 * `*pending` (if not NULL) is set to 1 when more callbacks are queued.
 * @retval RTI_OK
 * @retval RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK
 * @retval RTI_ERR_NOT_CONNECTED
 * @retval RTI_ERR_CONNECTION_LOST connection_lost was delivered, by this
 *   call or an earlier one
 */
RTI_API int rti_evoke_callbacks(rti_ambassador *amb, double min_s,
    double max_s, int *pending);
RTI_API int rti_evoke_callback(rti_ambassador *amb, double wait_s,
    int *pending);

/* Detail of the last failed call on this ambassador (never NULL). */
RTI_API const char *rti_error_message(const rti_ambassador *amb);

/* ------------------------------------------------------------------ */
/* Federation management                                              */
/* ------------------------------------------------------------------ */

/*
 * Create a federation execution from FOM modules.  Each entry of `modules`
 * is a path the library reads and sends to rtiexec; an entry that is not a
 * readable file is sent as a name for rtiexec to resolve in its FOM path.
 * `time_implementation` is "HLAfloat64Time" (also when NULL) or
 * "HLAinteger64Time".
 * @retval RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS
 * @retval RTI_ERR_COULD_NOT_OPEN_FDD a module was not found
 * @retval RTI_ERR_ERROR_READING_FDD a module does not parse (see message)
 * @retval RTI_ERR_INCONSISTENT_FDD modules do not merge
 * @retval RTI_ERR_COULD_NOT_CREATE_LOGICAL_TIME_FACTORY
 */
RTI_API int rti_create_federation_execution(rti_ambassador *amb,
    const char *federation, const char *const *modules, size_t n_modules,
    const char *time_implementation);
/*
 * @retval RTI_ERR_FEDERATES_CURRENTLY_JOINED
 * @retval RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST
 */
RTI_API int rti_destroy_federation_execution(rti_ambassador *amb,
    const char *federation);
/* Answered by the report_federation_executions callback. */
RTI_API int rti_list_federation_executions(rti_ambassador *amb);

/*
 * Join.  `federate_name` may be NULL (rtiexec then chooses a unique one).
 * `*out` (may be NULL) receives the federate handle.
 * @retval RTI_ERR_FEDERATE_ALREADY_EXECUTION_MEMBER
 * @retval RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST
 * @retval RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE
 */
RTI_API int rti_join_federation_execution(rti_ambassador *amb,
    const char *federate_name, const char *federate_type,
    const char *federation, rti_federate_handle *out);
/*
 * Join with additional FOM modules (IEEE 1516-2010 4.9), given as for
 * rti_create_federation_execution (a readable file's text is sent, any
 * other name is resolved by rtiexec in its FOM path).  rtiexec merges them
 * onto the federation's modules by the rules of a create; a module with
 * the name and text of one the federation has is not merged again.  On
 * success every handle of the federation stays the same, the new items
 * follow, and every federate joined before learns the new modules (see
 * librti-fedm(3)).  On an error the federation is unchanged and the
 * federate not joined.  n_modules 0 is rti_join_federation_execution.
 * @retval RTI_ERR_FEDERATE_ALREADY_EXECUTION_MEMBER
 * @retval RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST
 * @retval RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE
 * @retval RTI_ERR_COULD_NOT_OPEN_FDD (a module not found)
 * @retval RTI_ERR_ERROR_READING_FDD (a module that does not load alone)
 * @retval RTI_ERR_INCONSISTENT_FDD (a module that does not merge)
 * @retval RTI_ERR_LIMIT_EXCEEDED (too many or too large modules, or
 *         attributes beyond the federation's attribute set width)
 */
RTI_API int rti_join_federation_execution_with_modules(rti_ambassador *amb,
    const char *federate_name, const char *federate_type,
    const char *federation, const char *const *modules, size_t n_modules,
    rti_federate_handle *out);
/*
 * FOM modules given by their text.  Each entry is a module's text
 * (`text`, `len` bytes of XML) under the designator `designator`, which
 * names it in errors, in the MOM and when a join's modules are compared
 * with the federation's; or, with `text` NULL, a designator alone, taken
 * as rti_create_federation_execution takes a module (a file the library
 * reads, else a name rtiexec resolves in its FOM path).  Otherwise as
 * rti_create_federation_execution and
 * rti_join_federation_execution_with_modules.
 * @retval RTI_ERR_INVALID_ARGUMENT a designator NULL, empty or longer than
 *   4096 bytes
 * @retval RTI_ERR_ERROR_READING_FDD a text larger than rtiexec's limit
 */
struct rti_fom_module {
	const char *designator;
	const void *text;
	size_t len;
};
RTI_API int rti_create_federation_execution_from_modules(rti_ambassador *amb,
    const char *federation, const struct rti_fom_module *modules,
    size_t n_modules, const char *time_implementation);
RTI_API int rti_join_federation_execution_from_modules(rti_ambassador *amb,
    const char *federate_name, const char *federate_type,
    const char *federation, const struct rti_fom_module *modules,
    size_t n_modules, rti_federate_handle *out);
/*
 * @retval RTI_ERR_INVALID_RESIGN_ACTION
 * @retval RTI_ERR_FEDERATE_OWNS_ATTRIBUTES (with NO_ACTION while owning)
 * @retval RTI_ERR_OWNERSHIP_ACQUISITION_PENDING
 */
RTI_API int rti_resign_federation_execution(rti_ambassador *amb,
    enum rti_resign_action action);
/* The action rtiexec applies when this federate's connection drops. */
RTI_API int rti_set_automatic_resign_directive(rti_ambassador *amb,
    enum rti_resign_action action);
/* The action set last by rti_set_automatic_resign_directive, else the
 * default, RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST (no round trip). */
RTI_API int rti_get_automatic_resign_directive(rti_ambassador *amb,
    enum rti_resign_action *out);

/*
 * Register a synchronization point for `set` (NULL/0 = all joined
 * federates).  Answered by synchronization_point_registration_succeeded or
 * _failed; then announce_synchronization_point reaches the members.
 */
RTI_API int rti_register_federation_synchronization_point(
    rti_ambassador *amb, const char *label, const void *tag, size_t tag_len,
    const rti_federate_handle *set, size_t n_set);
/* @retval RTI_ERR_SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED */
RTI_API int rti_synchronization_point_achieved(rti_ambassador *amb,
    const char *label, int successfully);

/*
 * Federation save and restore (IEEE 1516.1-2010 4.11-4.31; librti-save(3)).
 * rtiexec saves its whole state of the federation under the label, in its
 * save directory (rti-save(5)); each federate saves its own state when told
 * (initiate_federate_save) and reports it.  A restore matches the joined
 * federates to the saved ones by federate type; each is told its restored
 * name and handle (initiate_federate_restore) after librti's own state
 * (handles, instances, ownership, declarations, regions, time, held
 * timestamp-order messages) is back as saved.
 *
 * From initiate_federate_save until federation_saved/_not_saved, and from
 * federation_restore_begun until federation_restored/_not_restored, every
 * other service fails with RTI_ERR_SAVE_IN_PROGRESS or
 * RTI_ERR_RESTORE_IN_PROGRESS (the list is in librti-save(3)).
 */
RTI_API int rti_request_federation_save(rti_ambassador *amb,
    const char *label);
RTI_API int rti_request_federation_save_at_time(rti_ambassador *amb,
    const char *label, rti_time time);
RTI_API int rti_federate_save_begun(rti_ambassador *amb);
RTI_API int rti_federate_save_complete(rti_ambassador *amb);
RTI_API int rti_federate_save_not_complete(rti_ambassador *amb);
RTI_API int rti_abort_federation_save(rti_ambassador *amb);
RTI_API int rti_query_federation_save_status(rti_ambassador *amb);
RTI_API int rti_request_federation_restore(rti_ambassador *amb,
    const char *label);
RTI_API int rti_federate_restore_complete(rti_ambassador *amb);
RTI_API int rti_federate_restore_not_complete(rti_ambassador *amb);
RTI_API int rti_abort_federation_restore(rti_ambassador *amb);
RTI_API int rti_query_federation_restore_status(rti_ambassador *amb);

/* Name <-> handle lookups.  Names returned are owned by the ambassador. */
RTI_API int rti_get_federate_handle(rti_ambassador *amb, const char *name,
    rti_federate_handle *out);
RTI_API int rti_get_federate_name(rti_ambassador *amb,
    rti_federate_handle h, const char **out);
RTI_API int rti_get_object_class_handle(rti_ambassador *amb,
    const char *name, rti_object_class_handle *out);
RTI_API int rti_get_object_class_name(rti_ambassador *amb,
    rti_object_class_handle h, const char **out);
RTI_API int rti_get_attribute_handle(rti_ambassador *amb,
    rti_object_class_handle cls, const char *name, rti_attribute_handle *out);
RTI_API int rti_get_attribute_name(rti_ambassador *amb,
    rti_object_class_handle cls, rti_attribute_handle h, const char **out);
RTI_API int rti_get_interaction_class_handle(rti_ambassador *amb,
    const char *name, rti_interaction_class_handle *out);
RTI_API int rti_get_interaction_class_name(rti_ambassador *amb,
    rti_interaction_class_handle h, const char **out);
RTI_API int rti_get_parameter_handle(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *name,
    rti_parameter_handle *out);
RTI_API int rti_get_parameter_name(rti_ambassador *amb,
    rti_interaction_class_handle cls, rti_parameter_handle h,
    const char **out);
RTI_API int rti_get_dimension_handle(rti_ambassador *amb, const char *name,
    rti_dimension_handle *out);
RTI_API int rti_get_dimension_name(rti_ambassador *amb,
    rti_dimension_handle h, const char **out);
RTI_API int rti_get_dimension_upper_bound(rti_ambassador *amb,
    rti_dimension_handle h, uint64_t *out);
/* The dimensions the FOM gives attribute `attr` of class `cls`, or
 * interaction class `cls` (IEEE 1516.1-2010 10.23, 10.24): *n receives
 * their number, and the first `cap` of them are written to out (out may
 * be NULL when cap is 0).
 * @retval RTI_ERR_INVALID_OBJECT_CLASS_HANDLE
 * @retval RTI_ERR_INVALID_INTERACTION_CLASS_HANDLE
 * @retval RTI_ERR_INVALID_ATTRIBUTE_HANDLE not an attribute of cls */
RTI_API int rti_get_available_dimensions_for_class_attribute(
    rti_ambassador *amb, rti_object_class_handle cls,
    rti_attribute_handle attr, rti_dimension_handle *out, size_t cap,
    size_t *n);
RTI_API int rti_get_available_dimensions_for_interaction_class(
    rti_ambassador *amb, rti_interaction_class_handle cls,
    rti_dimension_handle *out, size_t cap, size_t *n);

/* ------------------------------------------------------------------ */
/* Time management (man librti-time(3))                               */
/* ------------------------------------------------------------------ */

/*
 * Times and intervals use the member of rti_time of the federation's
 * representation (amb's join reply says which).  Valid times are >= 0 (not
 * NaN); the largest value (+inf, INT64_MAX) is the final time.  Valid
 * lookaheads are >= 0 and finite.
 *
 * Enable time regulation with `lookahead`; answered by the
 * time_regulation_enabled callback with the federate's new logical time
 * (no earlier than any constrained federate's, so it cannot send into
 * their past).
 * @retval RTI_ERR_TIME_REGULATION_ALREADY_ENABLED
 * @retval RTI_ERR_REQUEST_FOR_TIME_REGULATION_PENDING
 * @retval RTI_ERR_IN_TIME_ADVANCING_STATE
 * @retval RTI_ERR_INVALID_LOOKAHEAD
 */
RTI_API int rti_enable_time_regulation(rti_ambassador *amb,
    rti_time lookahead);
/* @retval RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED */
RTI_API int rti_disable_time_regulation(rti_ambassador *amb);
/*
 * Answered by time_constrained_enabled once no TSO message stamped before
 * the federate's logical time can still arrive.
 * @retval RTI_ERR_TIME_CONSTRAINED_ALREADY_ENABLED
 * @retval RTI_ERR_REQUEST_FOR_TIME_CONSTRAINED_PENDING
 * @retval RTI_ERR_IN_TIME_ADVANCING_STATE
 */
RTI_API int rti_enable_time_constrained(rti_ambassador *amb);
/* Held TSO (and receive-order) messages are then delivered as receive
 * order.
 * @retval RTI_ERR_TIME_CONSTRAINED_IS_NOT_ENABLED */
RTI_API int rti_disable_time_constrained(rti_ambassador *amb);
/*
 * Time advance: TAR, TARA, NMR, NMRA, FQR.  Answered by time_advance_grant;
 * TSO messages stamped up to the granted time are delivered before it in
 * timestamp order (all held ones for FQR).
 * @retval RTI_ERR_INVALID_LOGICAL_TIME
 * @retval RTI_ERR_LOGICAL_TIME_ALREADY_PASSED
 * @retval RTI_ERR_IN_TIME_ADVANCING_STATE
 * @retval RTI_ERR_REQUEST_FOR_TIME_REGULATION_PENDING
 * @retval RTI_ERR_REQUEST_FOR_TIME_CONSTRAINED_PENDING
 */
RTI_API int rti_time_advance_request(rti_ambassador *amb, rti_time t);
RTI_API int rti_time_advance_request_available(rti_ambassador *amb,
    rti_time t);
RTI_API int rti_next_message_request(rti_ambassador *amb, rti_time t);
RTI_API int rti_next_message_request_available(rti_ambassador *amb,
    rti_time t);
RTI_API int rti_flush_queue_request(rti_ambassador *amb, rti_time t);
/*
 * Asynchronous delivery (default disabled): while disabled, a constrained
 * federate gets receive-order messages only while a time advance is
 * pending; those arriving meanwhile are held and delivered, in arrival
 * order, after its next time advance request, before its grant.
 * @retval RTI_ERR_ASYNCHRONOUS_DELIVERY_ALREADY_ENABLED / _DISABLED
 */
RTI_API int rti_enable_asynchronous_delivery(rti_ambassador *amb);
RTI_API int rti_disable_asynchronous_delivery(rti_ambassador *amb);
/*
 * Retract a TSO message this federate sent (its handle from the OM `_at`
 * services) while its timestamp is after the logical time.  Receivers that
 * still hold it never see it; the others get request_retraction.
 * @retval RTI_ERR_INVALID_MESSAGE_RETRACTION_HANDLE not one of its own
 * @retval RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED
 * @retval RTI_ERR_MESSAGE_CAN_NO_LONGER_BE_RETRACTED stamped at or before
 *   the logical time, or already retracted
 */
RTI_API int rti_retract(rti_ambassador *amb,
    rti_message_retraction_handle retraction);
/* The joined federation's time representation: "HLAfloat64Time" or
 * "HLAinteger64Time" (static text), so that a binding knows which member
 * of rti_time to fill. */
RTI_API int rti_get_time_implementation(rti_ambassador *amb,
    const char **out);
/* The federate's logical time (the last granted one). */
RTI_API int rti_query_logical_time(rti_ambassador *amb, rti_time *out);
/* GALT (greatest available logical time, the LBTS) and LITS (least
 * incoming timestamp); *defined = 0 when nothing constrains it. */
RTI_API int rti_query_galt(rti_ambassador *amb, rti_time *out,
    int *defined);
RTI_API int rti_query_lits(rti_ambassador *amb, rti_time *out,
    int *defined);
/* @retval RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED */
RTI_API int rti_query_lookahead(rti_ambassador *amb, rti_time *out);
/* A smaller lookahead takes effect as logical time advances.
 * @retval RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED
 * @retval RTI_ERR_INVALID_LOOKAHEAD
 * @retval RTI_ERR_IN_TIME_ADVANCING_STATE */
RTI_API int rti_modify_lookahead(rti_ambassador *amb, rti_time lookahead);

/* ------------------------------------------------------------------ */
/* Declaration management (man librti-declaration(3))                 */
/* ------------------------------------------------------------------ */

/*
 * Publication and subscription.  Each call adds to (or, for the un- forms,
 * removes from) what earlier calls declared for the class.  An empty
 * attribute list unpublishes/unsubscribes the whole class.  A passive
 * subscription receives the same data but does not make publishers
 * relevant (no start registration / turn interactions on).
 * @retval RTI_ERR_OBJECT_CLASS_NOT_DEFINED / INTERACTION_CLASS_NOT_DEFINED
 * @retval RTI_ERR_ATTRIBUTE_NOT_DEFINED an attribute is not of the class
 * @retval RTI_ERR_OWNERSHIP_ACQUISITION_PENDING (unpublish object class
 *         attributes) an acquisition of one of them is pending
 */
RTI_API int rti_publish_object_class_attributes(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n);
RTI_API int rti_unpublish_object_class(rti_ambassador *amb,
    rti_object_class_handle cls);
RTI_API int rti_unpublish_object_class_attributes(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n);
RTI_API int rti_publish_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls);
RTI_API int rti_unpublish_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls);
RTI_API int rti_subscribe_object_class_attributes(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n);
RTI_API int rti_subscribe_object_class_attributes_passively(
    rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n);
RTI_API int rti_unsubscribe_object_class(rti_ambassador *amb,
    rti_object_class_handle cls);
RTI_API int rti_unsubscribe_object_class_attributes(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n);
RTI_API int rti_subscribe_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls);
RTI_API int rti_subscribe_interaction_class_passively(rti_ambassador *amb,
    rti_interaction_class_handle cls);
RTI_API int rti_unsubscribe_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls);

/* Advisory switches.  Object class and interaction relevance advisories
 * are enabled at join; attribute relevance advisories are disabled. */
RTI_API int rti_enable_object_class_relevance_advisory_switch(
    rti_ambassador *amb);
RTI_API int rti_disable_object_class_relevance_advisory_switch(
    rti_ambassador *amb);
RTI_API int rti_enable_interaction_relevance_advisory_switch(
    rti_ambassador *amb);
RTI_API int rti_disable_interaction_relevance_advisory_switch(
    rti_ambassador *amb);
RTI_API int rti_enable_attribute_relevance_advisory_switch(
    rti_ambassador *amb);
RTI_API int rti_disable_attribute_relevance_advisory_switch(
    rti_ambassador *amb);

/* ------------------------------------------------------------------ */
/* Object management (man librti-object(3))                           */
/* ------------------------------------------------------------------ */

/*
 * Name reservation: answered by object_instance_name_reservation_succeeded
 * / _failed (or the multiple_ forms).
 * @retval RTI_ERR_ILLEGAL_NAME empty, or starting with "HLA"
 * @retval RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED (release)
 */
RTI_API int rti_reserve_object_instance_name(rti_ambassador *amb,
    const char *name);
RTI_API int rti_reserve_multiple_object_instance_names(rti_ambassador *amb,
    const char *const *names, size_t n);
RTI_API int rti_release_object_instance_name(rti_ambassador *amb,
    const char *name);
RTI_API int rti_release_multiple_object_instance_names(rti_ambassador *amb,
    const char *const *names, size_t n);

/*
 * Register an instance of a published class.  The federate then owns the
 * attributes it publishes for the class and HLAprivilegeToDeleteObject.
 * @retval RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED
 * @retval RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED / _NAME_IN_USE
 */
RTI_API int rti_register_object_instance(rti_ambassador *amb,
    rti_object_class_handle cls, rti_object_instance_handle *out);
RTI_API int rti_register_object_instance_with_name(rti_ambassador *amb,
    rti_object_class_handle cls, const char *name,
    rti_object_instance_handle *out);

/*
 * Updates.  `values` (and the tag) are copied.  How updates are packed into
 * frames is set by rti_set_update_packing.
 * @retval RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN
 * @retval RTI_ERR_ATTRIBUTE_NOT_DEFINED
 * @retval RTI_ERR_ATTRIBUTE_NOT_OWNED (also when not published)
 * @retval RTI_ERR_INVALID_LOGICAL_TIME (_at forms)
 */
RTI_API int rti_update_attribute_values(rti_ambassador *amb,
    rti_object_instance_handle obj, const struct rti_attribute_value *values,
    size_t n, const void *tag, size_t tag_len);
RTI_API int rti_update_attribute_values_at(rti_ambassador *amb,
    rti_object_instance_handle obj, const struct rti_attribute_value *values,
    size_t n, const void *tag, size_t tag_len, rti_time t,
    rti_message_retraction_handle *out);
/* Many instances of class `cls` (their registered class) in one bundle. */
RTI_API int rti_update_class_attribute_values(rti_ambassador *amb,
    rti_object_class_handle cls, const struct rti_bundle_instance *instances,
    size_t n, const void *tag, size_t tag_len);
RTI_API int rti_update_class_attribute_values_at(rti_ambassador *amb,
    rti_object_class_handle cls, const struct rti_bundle_instance *instances,
    size_t n, const void *tag, size_t tag_len, rti_time t,
    rti_message_retraction_handle *out);

enum rti_packing {
	RTI_PACKING_ATTRIBUTE = 0, /* one frame per attribute value */
	RTI_PACKING_INSTANCE = 1,  /* one frame per update (default) */
	RTI_PACKING_CLASS = 2      /* coalesce updates of one class until a
	                              flush, evoke, request or the limit */
};
/* `max_bundle_bytes` 0 = the frame limit of rtiexec. */
RTI_API int rti_set_update_packing(rti_ambassador *amb,
    enum rti_packing packing, size_t max_bundle_bytes);
/* Send updates buffered by RTI_PACKING_CLASS now. */
RTI_API int rti_flush_updates(rti_ambassador *amb);

/*
 * @retval RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED
 * @retval RTI_ERR_INTERACTION_PARAMETER_NOT_DEFINED
 */
RTI_API int rti_send_interaction(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const void *tag, size_t tag_len);
RTI_API int rti_send_interaction_at(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const void *tag, size_t tag_len, rti_time t,
    rti_message_retraction_handle *out);

/* @retval RTI_ERR_DELETE_PRIVILEGE_NOT_HELD */
RTI_API int rti_delete_object_instance(rti_ambassador *amb,
    rti_object_instance_handle obj, const void *tag, size_t tag_len);
RTI_API int rti_delete_object_instance_at(rti_ambassador *amb,
    rti_object_instance_handle obj, const void *tag, size_t tag_len,
    rti_time t, rti_message_retraction_handle *out);
/* Forget a discovered instance (rediscovered at its next update).
 * @retval RTI_ERR_FEDERATE_OWNS_ATTRIBUTES */
RTI_API int rti_local_delete_object_instance(rti_ambassador *amb,
    rti_object_instance_handle obj);

/*
 * Order types (IEEE 1516-2010 8.23, 8.24).  A message is sent timestamp
 * order only when the sender is time-regulating, gives a time (the _at
 * forms) and the order type of every attribute (or of the interaction
 * class) is RTI_ORDER_TIMESTAMP; else it goes receive order, the time
 * traveling along (rti_message_info.has_time).  An update whose attributes
 * have both order types is sent as two messages.  The order type starts
 * as the FOM's <order> (a delete's is HLAprivilegeToDeleteObject's) and
 * these change it for this federate's own later sends.
 * @retval RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN
 * @retval RTI_ERR_ATTRIBUTE_NOT_DEFINED
 * @retval RTI_ERR_ATTRIBUTE_NOT_OWNED
 * @retval RTI_ERR_INTERACTION_CLASS_NOT_DEFINED
 * @retval RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED
 * @retval RTI_ERR_INVALID_ARGUMENT an order that is not defined
 */
RTI_API int rti_change_attribute_order_type(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, enum rti_order order);
RTI_API int rti_change_interaction_order_type(rti_ambassador *amb,
    rti_interaction_class_handle cls, enum rti_order order);

/*
 * Transportation types (IEEE 1516-2010 8.21-8.22, 10.36-10.37).  Each
 * attribute and interaction class starts with the FOM's <transportation>
 * (HLAbestEffort is best effort, HLAreliable and any other name
 * reliable).  rti_change_attribute_transportation_type changes it for
 * this federate's own later updates of attributes it owns of `obj`, and
 * rti_change_interaction_transportation_type for its own later
 * interactions of a class it publishes: per federate and instance, as
 * the order types.  The queries are answered by the
 * report_attribute_transportation_type callback (the type the
 * attribute's owner sends with; the FOM's when it is unowned) and
 * report_interaction_transportation_type (the type `federate` sends
 * `cls` with).
 * @retval RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN
 * @retval RTI_ERR_ATTRIBUTE_NOT_DEFINED
 * @retval RTI_ERR_ATTRIBUTE_NOT_OWNED
 * @retval RTI_ERR_INTERACTION_CLASS_NOT_DEFINED
 * @retval RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED
 * @retval RTI_ERR_INVALID_TRANSPORTATION_TYPE a type that is not defined
 * @retval RTI_ERR_FEDERATE_HANDLE_NOT_KNOWN (query: no such federate
 *         joined)
 */
RTI_API int rti_change_attribute_transportation_type(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, enum rti_transportation type);
RTI_API int rti_query_attribute_transportation_type(rti_ambassador *amb,
    rti_object_instance_handle obj, rti_attribute_handle attr);
RTI_API int rti_change_interaction_transportation_type(rti_ambassador *amb,
    rti_interaction_class_handle cls, enum rti_transportation type);
RTI_API int rti_query_interaction_transportation_type(rti_ambassador *amb,
    rti_federate_handle federate, rti_interaction_class_handle cls);

/*
 * What best effort did on this connection (librti-object(3),
 * TRANSPORTATION): `udp` is 1 while the datagram path to rtiexec is
 * confirmed (best effort then travels by UDP both ways), 0 while it
 * travels on the stream.  Counters since the connection opened.
 */
struct rti_transport_stats {
	int udp;
	uint64_t datagrams_sent, bytes_sent;
	uint64_t datagrams_received, bytes_received;
	uint64_t send_failed;     /* datagrams the socket refused: gone */
	uint64_t rejected;        /* datagrams dropped: not rtiexec's, wrong
	                             token or MAC, bad frames */
	uint64_t stale;           /* datagrams dropped: not newer than one
	                             taken */
	uint64_t late;            /* best-effort TSO messages dropped: their
	                             time was already granted */
	uint64_t unknown;         /* best-effort reflections dropped: the
	                             instance was not discovered yet */
	uint64_t too_large;       /* best-effort messages sent on the
	                             stream: larger than a datagram */
	uint64_t unconfirmed;     /* best-effort messages sent on the
	                             stream: no confirmed datagram path */
	/* multicast (rtiexec --multicast) */
	uint64_t mc_groups;       /* groups joined now */
	uint64_t mc_datagrams_received, mc_bytes_received;
	uint64_t mc_cut;          /* attribute values of group reflections
	                             that this federate did not subscribe
	                             to: dropped by its local cut */
	uint64_t mc_not_addressed; /* group messages for other members
	                             (another class, or sent to this one by
	                             unicast): dropped */
	uint64_t mc_join_failed;  /* groups it was told to join and could
	                             not (it gets their traffic by unicast) */
};
/*
 * Fill *stats with the counters of the best-effort path.
 * @retval RTI_OK
 * @retval RTI_ERR_INVALID_ARGUMENT amb or stats NULL
 * @retval RTI_ERR_NOT_CONNECTED
 */
RTI_API int rti_get_transport_stats(const rti_ambassador *amb,
    struct rti_transport_stats *stats);

/* Ask the owners for current values: provide_attribute_value_update. */
RTI_API int rti_request_attribute_value_update(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len);
RTI_API int rti_request_class_attribute_value_update(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len);

/* Lookups among the instances this federate knows (registered or
 * discovered).  @retval RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN */
RTI_API int rti_get_object_instance_handle(rti_ambassador *amb,
    const char *name, rti_object_instance_handle *out);
RTI_API int rti_get_object_instance_name(rti_ambassador *amb,
    rti_object_instance_handle obj, const char **out);
RTI_API int rti_get_known_object_class_handle(rti_ambassador *amb,
    rti_object_instance_handle obj, rti_object_class_handle *out);

/* ------------------------------------------------------------------ */
/* Ownership management (man librti-ownership(3))                     */
/* ------------------------------------------------------------------ */

/*
 * Each attribute of an instance (HLAprivilegeToDeleteObject included) has
 * one owner or none; only the owner's updates flow.  Every service takes
 * an instance this federate knows and a set of attributes of the class it
 * knows it as (each at most once), and fails without effect:
 * @retval RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN
 * @retval RTI_ERR_ATTRIBUTE_NOT_DEFINED
 * @retval RTI_ERR_INVALID_ARGUMENT NULL set, an attribute given twice
 *
 * Owner side.  These also fail with RTI_ERR_ATTRIBUTE_NOT_OWNED.
 * Unconditional divestiture: the attributes are released at once; a
 * federate waiting to acquire one gets it.
 */
RTI_API int rti_unconditional_attribute_ownership_divestiture(
    rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n);
/* Offer the attributes: request_attribute_ownership_assumption reaches the
 * federates that could take them, request_divestiture_confirmation comes
 * back once someone wants them; the federate keeps them until it calls
 * rti_confirm_divestiture.
 * @retval RTI_ERR_ATTRIBUTE_ALREADY_BEING_DIVESTED */
RTI_API int rti_negotiated_attribute_ownership_divestiture(
    rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len);
/* Hand over offered attributes to the acquirer (who gets the acquisition
 * notification with `tag`).
 * @retval RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED
 * @retval RTI_ERR_NO_ACQUISITION_PENDING */
RTI_API int rti_confirm_divestiture(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len);
/* @retval RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED */
RTI_API int rti_cancel_negotiated_attribute_ownership_divestiture(
    rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n);
/* Answer to request_attribute_ownership_release: give the attributes
 * someone waits for to them; `divested` (room for `n`) receives those
 * given, `*n_divested` their number. */
RTI_API int rti_attribute_ownership_divestiture_if_wanted(
    rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n,
    rti_attribute_handle *divested, size_t *n_divested);
/* Answer to request_attribute_ownership_release: keep the attributes; the
 * waiting acquirers get attribute_ownership_unavailable. */
RTI_API int rti_attribute_ownership_release_denied(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n);

/*
 * Acquirer side.  Answered by attribute_ownership_acquisition_notification
 * (unowned attributes at once); owned ones stay pending and their owner
 * gets request_attribute_ownership_release (or, while it divests,
 * request_divestiture_confirmation).  The _if_available form takes only
 * unowned or offered attributes, attribute_ownership_unavailable answers
 * for the others.
 * @retval RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED the known class
 * @retval RTI_ERR_ATTRIBUTE_NOT_PUBLISHED
 * @retval RTI_ERR_FEDERATE_OWNS_ATTRIBUTES
 * @retval RTI_ERR_ATTRIBUTE_ALREADY_BEING_ACQUIRED (_if_available)
 */
RTI_API int rti_attribute_ownership_acquisition(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len);
RTI_API int rti_attribute_ownership_acquisition_if_available(
    rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n);
/* Answered by confirm_attribute_ownership_acquisition_cancellation.
 * @retval RTI_ERR_ATTRIBUTE_ALREADY_OWNED
 * @retval RTI_ERR_ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED */
RTI_API int rti_cancel_attribute_ownership_acquisition(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n);

/* Answered by inform_attribute_ownership, attribute_is_not_owned or
 * attribute_is_owned_by_rti. */
RTI_API int rti_query_attribute_ownership(rti_ambassador *amb,
    rti_object_instance_handle obj, rti_attribute_handle attr);
/* *out = 1 when this federate owns `attr` of `obj` (local, no round
 * trip). */
RTI_API int rti_is_attribute_owned_by_federate(rti_ambassador *amb,
    rti_object_instance_handle obj, rti_attribute_handle attr, int *out);

/* ------------------------------------------------------------------ */
/* Filtering: conditions and DDM regions (man librti-ddm(3))          */
/* ------------------------------------------------------------------ */

/* Longest filter condition, in bytes. */
#define RTI_MAX_CONDITION 64

/*
 * Subscription conditions.  A condition is a '/'-separated path of UTF-8
 * elements ("north/S12"): no empty element, no leading or trailing space,
 * no control character, at most 64 bytes.  A subscription of a class with
 * conditions receives an update or interaction only when its send
 * condition equals one of them, or lies under one that ends in '/' (the
 * prefix "north/" matches "north/S1" and "north/S3/bay1") (OR); one
 * without conditions receives everything of the class.  An update or
 * interaction without a send condition reaches only subscriptions without
 * conditions.  Changes take effect for the next update.  Removing a
 * condition that is not there is not an error.
 * @retval RTI_ERR_INVALID_CONDITION NULL, or not a valid condition (the
 *   message says why)
 * @retval RTI_ERR_OBJECT_CLASS_NOT_DEFINED / INTERACTION_CLASS_NOT_DEFINED
 */
RTI_API int rti_add_subscription_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *cond);
RTI_API int rti_remove_subscription_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *cond);
RTI_API int rti_add_interaction_subscription_condition(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *cond);
RTI_API int rti_remove_interaction_subscription_condition(
    rti_ambassador *amb, rti_interaction_class_handle cls,
    const char *cond);
/*
 * Replace the conditions of a subscription by conds[0..n) in one step
 * (duplicates count once; n = 0 leaves it without conditions).  Switching
 * from one condition to another this way never receives everything for a
 * moment, as removing the last condition and then adding the next does.
 * Every condition is checked first: on an error nothing changed.
 * @retval RTI_ERR_INVALID_CONDITION one of them (the message names it)
 * @retval RTI_ERR_LIMIT_EXCEEDED more than 64
 * @retval RTI_ERR_INVALID_ARGUMENT conds NULL with n > 0
 */
RTI_API int rti_set_subscription_conditions(rti_ambassador *amb,
    rti_object_class_handle cls, const char *const *conds, size_t n);
RTI_API int rti_set_interaction_subscription_conditions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *const *conds, size_t n);

/*
 * Send conditions.  An instance's condition applies to every update of it
 * that carries none of its own, whoever owns the attributes updated; every
 * federate that knows the instance learns it (and each change).  `cond`
 * NULL or "" clears it.  A send condition follows the rules above and may
 * not end in '/'.  Only a federate that owns an attribute of the instance
 * (HLAprivilegeToDeleteObject counts) may change it.
 * @retval RTI_ERR_INVALID_CONDITION not a valid send condition
 * @retval RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN
 * @retval RTI_ERR_ATTRIBUTE_NOT_OWNED the federate owns no attribute of it
 *         and the condition would change
 */
RTI_API int rti_set_object_instance_condition(rti_ambassador *amb,
    rti_object_instance_handle obj, const char *cond);
/* Register (with a reserved `name`, or NULL) and set the condition. */
RTI_API int rti_register_object_instance_with_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *name, const char *cond,
    rti_object_instance_handle *out);
/* rti_update_attribute_values with a condition for this update only. */
RTI_API int rti_update_attribute_values_with_condition(rti_ambassador *amb,
    rti_object_instance_handle obj, const struct rti_attribute_value *values,
    size_t n, const void *tag, size_t tag_len, const char *cond);
RTI_API int rti_send_interaction_with_condition(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const void *tag, size_t tag_len, const char *cond);
/* Timestamp-order forms of the two above (see the _at forms of OM): the
 * condition filters at the source and in rtiexec as for receive order. */
RTI_API int rti_update_attribute_values_with_condition_at(
    rti_ambassador *amb, rti_object_instance_handle obj,
    const struct rti_attribute_value *values, size_t n, const void *tag,
    size_t tag_len, const char *cond, rti_time t,
    rti_message_retraction_handle *out);
RTI_API int rti_send_interaction_with_condition_at(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const void *tag, size_t tag_len, const char *cond, rti_time t,
    rti_message_retraction_handle *out);

/*
 * Regions.  A region has a range [lower, upper) on each of its dimensions;
 * it is created with every range [0, upper bound) and sent to rtiexec by
 * rti_create_region and rti_commit_region_modifications.
 * @retval RTI_ERR_INVALID_DIMENSION_HANDLE
 * @retval RTI_ERR_INVALID_REGION
 * @retval RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE
 * @retval RTI_ERR_REGION_DOES_NOT_CONTAIN_SPECIFIED_DIMENSION
 * @retval RTI_ERR_INVALID_RANGE_BOUND lower >= upper, or upper above the
 *   dimension's upper bound
 * @retval RTI_ERR_REGION_IN_USE_FOR_UPDATE_OR_SUBSCRIPTION (delete)
 */
RTI_API int rti_create_region(rti_ambassador *amb,
    const rti_dimension_handle *dims, size_t n, rti_region_handle *out);
RTI_API int rti_set_range_bounds(rti_ambassador *amb, rti_region_handle r,
    rti_dimension_handle dim, uint64_t lower, uint64_t upper);
RTI_API int rti_get_range_bounds(rti_ambassador *amb, rti_region_handle r,
    rti_dimension_handle dim, uint64_t *lower, uint64_t *upper);
RTI_API int rti_commit_region_modifications(rti_ambassador *amb,
    const rti_region_handle *regions, size_t n);
RTI_API int rti_delete_region(rti_ambassador *amb, rti_region_handle r);
/* The dimensions of region r, as rti_get_available_dimensions_for_class_
 * attribute gives them (IEEE 1516.1-2010 10.28). */
RTI_API int rti_get_region_dimensions(rti_ambassador *amb,
    rti_region_handle r, rti_dimension_handle *out, size_t cap, size_t *n);

/*
 * Subscribe with regions: the subscriber receives what is sent in a region
 * overlapping one of them (a plain subscription of the class receives
 * everything).  Each call pairs `attrs` with `regions`: an attribute is
 * delivered only when one of the regions it was subscribed with overlaps
 * its update regions (IEEE 1516 attribute-set/region-set pairs).  Regions
 * may only have dimensions the FOM gives the attributes / interaction
 * class.
 * @retval RTI_ERR_INVALID_REGION_CONTEXT
 */
RTI_API int rti_subscribe_object_class_attributes_with_regions(
    rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m);
RTI_API int rti_unsubscribe_object_class_attributes_with_regions(
    rti_ambassador *amb, rti_object_class_handle cls,
    const rti_region_handle *regions, size_t m);
RTI_API int rti_subscribe_interaction_class_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const rti_region_handle *regions,
    size_t m);
RTI_API int rti_unsubscribe_interaction_class_with_regions(
    rti_ambassador *amb, rti_interaction_class_handle cls,
    const rti_region_handle *regions, size_t m);
/* Passive subscriptions with regions: the same data, without making
 * publishers relevant (rti_subscribe_object_class_attributes_passively). */
RTI_API int rti_subscribe_object_class_attributes_passively_with_regions(
    rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m);
RTI_API int rti_subscribe_interaction_class_passively_with_regions(
    rti_ambassador *amb, rti_interaction_class_handle cls,
    const rti_region_handle *regions, size_t m);

/* Updates of `attrs` of `obj` are sent in `regions` (an attribute without
 * regions uses the default region, which overlaps every region). */
RTI_API int rti_register_object_instance_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m,
    rti_object_instance_handle *out);
RTI_API int rti_associate_regions_for_updates(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m);
RTI_API int rti_unassociate_regions_for_updates(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m);
RTI_API int rti_send_interaction_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len);
/* rti_register_object_instance_with_regions with a reserved name. */
RTI_API int rti_register_object_instance_with_name_and_regions(
    rti_ambassador *amb, rti_object_class_handle cls, const char *name,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m,
    rti_object_instance_handle *out);
/* The timestamp-order form of rti_send_interaction_with_regions (see
 * rti_send_interaction_at). */
RTI_API int rti_send_interaction_with_regions_at(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len, rti_time t, rti_message_retraction_handle *out);
RTI_API int rti_request_attribute_value_update_with_regions(
    rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len);

/* Counters of this federate since it joined (one update = one instance). */
struct rti_statistics {
	uint64_t updates_sent;
	uint64_t updates_suppressed;   /* nobody wanted them: never sent */
	uint64_t updates_received;
	uint64_t interactions_sent;
	uint64_t interactions_suppressed;
	uint64_t interactions_received;
};
RTI_API int rti_get_statistics(rti_ambassador *amb,
    struct rti_statistics *out);
/* Counters of rtiexec (all federations): messages routed to subscribers
 * and messages cut or withheld by filters. */
struct rti_server_statistics {
	uint64_t routed;
	uint64_t filtered;
	uint64_t frames_in;
	uint64_t frames_out;
	uint64_t bytes_in;              /* frame bytes read from federates */
	uint64_t bytes_out;             /* frame bytes queued to federates */
	uint64_t slow_consumers_dropped;
};
RTI_API int rti_query_server_statistics(rti_ambassador *amb,
    struct rti_server_statistics *out);

/*
 * HLA encoding helpers (librti-encoding(3)): the encodings of IEEE
 * 1516.2-2010 chapter 4 for the basic data representations and the MIM's
 * simple and array datatypes, written into a caller's buffer and read
 * back with bounds checks.  Pure functions: no ambassador, no I/O, no
 * allocation; usable from any thread on distinct cursors.
 *
 * Each put writes exactly its type's bytes at len, without padding; the
 * octet-boundary padding of records and arrays is rti_encoder_align /
 * rti_decoder_align, counted from the start of the buffer (the start of
 * the value).  The first error sticks: every later call on the cursor
 * writes or reads nothing and returns it.
 */

/*
 * Write cursor.  Members, in this order, for foreign-function interfaces:
 *   buf      the caller's buffer (NULL when cap is 0: the encoder measures)
 *   cap      its size in bytes
 *   len      bytes encoded so far; every put adds its size, also after an
 *            error, so that after RTI_ERR_LIMIT_EXCEEDED len is the size
 *            the whole encoding needs
 *   err      RTI_OK, or the first error (RTI_ERR_INVALID_ARGUMENT wins over
 *            RTI_ERR_LIMIT_EXCEEDED); nothing is written once it is set
 *   err_off  where it failed: len at the put that failed, or for a string
 *            refused for its content, the offset of the first bad byte in
 *            that string
 */
struct rti_encoder {
	uint8_t *buf;
	size_t cap;
	size_t len;
	int err;
	size_t err_off;
};

/*
 * Read cursor over received bytes.  Members, in this order:
 *   buf      the bytes (borrowed; a view points into them)
 *   len      their number
 *   off      the offset of the next byte to decode; a get that fails does
 *            not move it
 *   err      RTI_OK or the first error: RTI_ERR_DECODER_ERROR (truncated or
 *            invalid for the datatype), RTI_ERR_LIMIT_EXCEEDED (an output
 *            buffer too small), RTI_ERR_INVALID_ARGUMENT (a NULL pointer)
 *   err_off  the offset in buf of the item (count, code unit, byte) that
 *            failed
 * A decoder is a plain value: copy it to try a decode without moving the
 * original.
 */
struct rti_decoder {
	const uint8_t *buf;
	size_t len;
	size_t off;
	int err;
	size_t err_off;
};

RTI_API void rti_encoder_init(struct rti_encoder *e, void *buf, size_t cap);
/* Zero bytes up to the next multiple of `boundary` (a power of two) of
 * len: the padding before a field or element of that octet boundary. */
RTI_API int rti_encoder_align(struct rti_encoder *e, size_t boundary);
RTI_API void rti_decoder_init(struct rti_decoder *d, const void *buf,
    size_t len);
/* Skips the padding up to the next multiple of `boundary` of off (its
 * bytes are not checked: senders need not zero them). */
RTI_API int rti_decoder_align(struct rti_decoder *d, size_t boundary);
/* RTI_OK when everything was decoded without error; trailing bytes are
 * RTI_ERR_DECODER_ERROR at their offset. */
RTI_API int rti_decoder_done(struct rti_decoder *d);

/*
 * Basic data representations: two's complement integers, IEEE 754 binary
 * floating point (bit for bit: -0.0, NaN payloads and infinities survive),
 * octet pairs and octets, big (_be) or little (_le) endian.  Every encode
 * returns RTI_OK or e->err; every decode RTI_OK or d->err, and stores 0 on
 * failure.
 */
RTI_API int rti_encode_int16_be(struct rti_encoder *e, int16_t v);
RTI_API int rti_encode_int16_le(struct rti_encoder *e, int16_t v);
RTI_API int rti_encode_int32_be(struct rti_encoder *e, int32_t v);
RTI_API int rti_encode_int32_le(struct rti_encoder *e, int32_t v);
RTI_API int rti_encode_int64_be(struct rti_encoder *e, int64_t v);
RTI_API int rti_encode_int64_le(struct rti_encoder *e, int64_t v);
RTI_API int rti_encode_float32_be(struct rti_encoder *e, float v);
RTI_API int rti_encode_float32_le(struct rti_encoder *e, float v);
RTI_API int rti_encode_float64_be(struct rti_encoder *e, double v);
RTI_API int rti_encode_float64_le(struct rti_encoder *e, double v);
RTI_API int rti_encode_octet_pair_be(struct rti_encoder *e, uint16_t v);
RTI_API int rti_encode_octet_pair_le(struct rti_encoder *e, uint16_t v);
RTI_API int rti_encode_octet(struct rti_encoder *e, uint8_t v);
RTI_API int rti_decode_int16_be(struct rti_decoder *d, int16_t *out);
RTI_API int rti_decode_int16_le(struct rti_decoder *d, int16_t *out);
RTI_API int rti_decode_int32_be(struct rti_decoder *d, int32_t *out);
RTI_API int rti_decode_int32_le(struct rti_decoder *d, int32_t *out);
RTI_API int rti_decode_int64_be(struct rti_decoder *d, int64_t *out);
RTI_API int rti_decode_int64_le(struct rti_decoder *d, int64_t *out);
RTI_API int rti_decode_float32_be(struct rti_decoder *d, float *out);
RTI_API int rti_decode_float32_le(struct rti_decoder *d, float *out);
RTI_API int rti_decode_float64_be(struct rti_decoder *d, double *out);
RTI_API int rti_decode_float64_le(struct rti_decoder *d, double *out);
RTI_API int rti_decode_octet_pair_be(struct rti_decoder *d, uint16_t *out);
RTI_API int rti_decode_octet_pair_le(struct rti_decoder *d, uint16_t *out);
RTI_API int rti_decode_octet(struct rti_decoder *d, uint8_t *out);

/*
 * The MIM's simple datatypes.  HLAASCIIchar is 7-bit ASCII (a byte above
 * 0x7F is refused both ways); HLAunicodeChar one UTF-16 code unit,
 * big-endian; HLAbyte an octet; HLAboolean the enumeration HLAfalse 0,
 * HLAtrue 1 on HLAinteger32BE (encoded from any int, nonzero is HLAtrue;
 * other values are refused when decoding).
 */
RTI_API int rti_encode_ascii_char(struct rti_encoder *e, char c);
RTI_API int rti_encode_unicode_char(struct rti_encoder *e, uint16_t unit);
RTI_API int rti_encode_byte(struct rti_encoder *e, uint8_t v);
RTI_API int rti_encode_boolean(struct rti_encoder *e, int v);
RTI_API int rti_decode_ascii_char(struct rti_decoder *d, char *out);
RTI_API int rti_decode_unicode_char(struct rti_decoder *d, uint16_t *out);
RTI_API int rti_decode_byte(struct rti_decoder *d, uint8_t *out);
RTI_API int rti_decode_boolean(struct rti_decoder *d, int *out);

/*
 * The MIM's arrays, each an HLAvariableArray: an HLAinteger32BE count,
 * then the elements.  HLAASCIIstring: the bytes (7-bit ASCII).
 * HLAunicodeString: UTF-16 code units, big-endian, converted from and to
 * UTF-8 (surrogate pairs for code points above FFFF; invalid UTF-8 is
 * RTI_ERR_INVALID_ARGUMENT, an unpaired surrogate RTI_ERR_DECODER_ERROR).
 * HLAopaqueData: the bytes as they are.  The _n forms take a length
 * instead of a NUL-terminated string (NUL is then a character).
 *
 * A string decode writes the text and a NUL into out (cap bytes) and its
 * length without the NUL into *len (len may be NULL).  When cap is too
 * small it returns RTI_ERR_LIMIT_EXCEEDED with *len the length needed
 * (cap must be *len + 1); off stays at the string, so that after setting
 * d->err back to RTI_OK a second call with a larger buffer decodes it.
 * A view points into the decoder's bytes (not NUL-terminated).
 */
RTI_API int rti_encode_ascii_string(struct rti_encoder *e, const char *s);
RTI_API int rti_encode_ascii_string_n(struct rti_encoder *e, const char *s,
    size_t n);
RTI_API int rti_encode_unicode_string(struct rti_encoder *e,
    const char *utf8);
RTI_API int rti_encode_unicode_string_n(struct rti_encoder *e,
    const char *utf8, size_t n);
RTI_API int rti_encode_opaque(struct rti_encoder *e, const void *p,
    uint32_t n);
RTI_API int rti_decode_ascii_string(struct rti_decoder *d, char *out,
    size_t cap, size_t *len);
/* The bytes as sent, unchecked (a byte above 0x7F included). */
RTI_API int rti_decode_ascii_string_view(struct rti_decoder *d,
    const char **p, uint32_t *n);
RTI_API int rti_decode_unicode_string(struct rti_decoder *d, char *utf8,
    size_t cap, size_t *len);
RTI_API int rti_decode_opaque_view(struct rti_decoder *d, const void **p,
    uint32_t *n);

/*
 * Building blocks of enumerations, arrays and records.  An enumeration is
 * its representation (rti_encode_int32_be, ...).  A fixed array of octets
 * is n raw bytes (rti_encode_octets).  An HLAvariableArray starts with
 * rti_encode_count; rti_decode_count refuses a count of more elements of
 * at least elem_min bytes each than the bytes left (elem_min 0: no
 * check), so that a loop over the elements is bounded by the data.
 */
RTI_API int rti_encode_octets(struct rti_encoder *e, const void *p,
    size_t n);
RTI_API int rti_decode_octets_view(struct rti_decoder *d, const void **p,
    size_t n);
RTI_API int rti_encode_count(struct rti_encoder *e, uint32_t n);
RTI_API int rti_decode_count(struct rti_decoder *d, uint32_t *n,
    size_t elem_min);

/*
 * Typed values (librti-values(3)): a FOM-driven codec from an attribute's
 * or parameter's datatype.  rti_decode_value turns a value's bytes into a
 * tree of rti_value nodes, rti_encode_value a tree back into bytes (IEEE
 * 1516.2-2010 4.13: byte order, octet-boundary padding, counts), and the
 * _json forms convert both ways to JSON text.  The tree is opaque: read
 * it with the accessors, build it with rti_value_new_* (every scalar is an
 * int64, uint64, double or UTF-8 string, so that a foreign-function
 * interface needs no structs).  rti_free frees what these calls hand
 * out, trees and JSON text alike (rti_value_free is the same for a tree);
 * a child belongs to its parent.
 *
 * Errors go through rti_error_message(amb): a decode error names the byte
 * offset and what did not fit ("offset 12: HLAvariableArray count 4000000
 * needs 16000000 bytes, 20 left"), an encode or JSON error the path of the
 * item ("$.Phases[2].Voltage: expected a number").
 */
typedef struct { uint32_t id; } rti_datatype_handle;
typedef struct rti_value rti_value;

enum rti_value_kind {
	RTI_VALUE_INTEGER = 1,  /* signed integer representation: int64 */
	RTI_VALUE_UNSIGNED,     /* unsigned or octet representation: uint64 */
	RTI_VALUE_FLOAT,        /* binary32 / binary64: double */
	RTI_VALUE_BOOLEAN,      /* HLAboolean */
	RTI_VALUE_STRING,       /* an array of HLAASCIIchar or HLAunicodeChar:
	                         * UTF-8 text */
	RTI_VALUE_BYTES,        /* an array of octets (HLAopaqueData, ...),
	                         * or a basic representation wider than 64
	                         * bits */
	RTI_VALUE_ENUMERATOR,   /* an enumerated datatype: name and value */
	RTI_VALUE_ARRAY,
	RTI_VALUE_RECORD,       /* fields in order, each with its name */
	RTI_VALUE_VARIANT       /* discriminant (an ENUMERATOR) and the
	                         * value of its alternative, if any */
};

/* The datatype `name` of the joined federation's FOM, and back (the name
 * is owned by the ambassador).
 * @retval RTI_ERR_NAME_NOT_FOUND no module defines it */
RTI_API int rti_get_datatype_handle(rti_ambassador *amb, const char *name,
    rti_datatype_handle *out);
RTI_API int rti_get_datatype_name(rti_ambassador *amb, rti_datatype_handle dt,
    const char **out);
/* The datatype of an attribute or parameter (O(1)).
 * @retval RTI_ERR_INVALID_ATTRIBUTE_HANDLE / _PARAMETER_HANDLE
 * @retval RTI_ERR_DATATYPE_NOT_DEFINED it names none, one no module
 *   defines, or one whose values are opaque (the message says which) */
RTI_API int rti_get_attribute_datatype(rti_ambassador *amb,
    rti_attribute_handle attr, rti_datatype_handle *out);
RTI_API int rti_get_parameter_datatype(rti_ambassador *amb,
    rti_parameter_handle param, rti_datatype_handle *out);

/*
 * Decode len bytes of datatype dt into a new tree *out, which the caller
 * frees with rti_free (*out is left as it was on error).
 * @retval RTI_ERR_DECODER_ERROR the bytes do not fit the type
 * @retval RTI_ERR_DATATYPE_NOT_DEFINED dt is not a datatype or is opaque
 * @retval RTI_ERR_LIMIT_EXCEEDED more than 2^20 values
 */
RTI_API int rti_decode_value(rti_ambassador *amb, rti_datatype_handle dt,
    const void *bytes, size_t len, rti_value **out);
/*
 * Encode tree v (borrowed) as datatype dt into buf[0..cap); *len receives
 * the size, also with RTI_ERR_LIMIT_EXCEEDED (cap too small: the size
 * needed).  buf may be NULL when cap is 0, to measure.
 * @retval RTI_ERR_INVALID_ARGUMENT the tree does not fit the type
 */
RTI_API int rti_encode_value(rti_ambassador *amb, rti_datatype_handle dt,
    const rti_value *v, void *buf, size_t cap, size_t *len);
/* The JSON text of tree v as a new NUL-terminated string *json (the
 * caller frees it with rti_free).  Pure: no ambassador. */
RTI_API int rti_value_to_json(const rti_value *v, char **json);
/* Parse JSON text (NUL-terminated) as a value of datatype dt into a new
 * tree *out (rti_free).
 * @retval RTI_ERR_INVALID_ARGUMENT not JSON, or not of the type (the
 *   message names the path) */
RTI_API int rti_value_from_json(rti_ambassador *amb, rti_datatype_handle dt,
    const char *json, rti_value **out);
/* Bytes -> JSON text (*json: rti_free) and JSON text -> bytes, in one
 * call each. */
RTI_API int rti_decode_json(rti_ambassador *amb, rti_datatype_handle dt,
    const void *bytes, size_t len, char **json);
RTI_API int rti_encode_json(rti_ambassador *amb, rti_datatype_handle dt,
    const char *json, void *buf, size_t cap, size_t *len);
/* The same by the datatype of an attribute or parameter, for callbacks
 * (the lookup is O(1)). */
RTI_API int rti_decode_attribute(rti_ambassador *amb,
    rti_attribute_handle attr, const void *bytes, size_t len,
    rti_value **out);
RTI_API int rti_decode_parameter(rti_ambassador *amb,
    rti_parameter_handle param, const void *bytes, size_t len,
    rti_value **out);
RTI_API int rti_decode_attribute_json(rti_ambassador *amb,
    rti_attribute_handle attr, const void *bytes, size_t len, char **json);
RTI_API int rti_decode_parameter_json(rti_ambassador *amb,
    rti_parameter_handle param, const void *bytes, size_t len, char **json);
/*
 * Free anything librti handed out: JSON text and value trees (the root of
 * one: rti_decode_value, rti_value_from_json, rti_value_new_*).  NULL is
 * fine.
 * @retval RTI_OK freed (or NULL)
 * @retval RTI_ERR_INVALID_ARGUMENT a node that has a parent (its root
 *   frees it), or not a pointer librti handed out: nothing is freed
 */
RTI_API int rti_free(void *p);

/*
 * Reading a tree.  Every accessor accepts NULL and a node of another kind
 * and then returns 0 / NULL.  Pointers returned point into the tree and
 * live as long as it.
 *   rti_value_kind      enum rti_value_kind; 0 for NULL
 *   rti_value_int       INTEGER; UNSIGNED up to INT64_MAX; ENUMERATOR's
 *                       value; BOOLEAN 0/1
 *   rti_value_uint      UNSIGNED; INTEGER >= 0
 *   rti_value_double    FLOAT; INTEGER and UNSIGNED converted
 *   rti_value_bool      BOOLEAN
 *   rti_value_string    STRING (UTF-8, NUL-terminated), ENUMERATOR's name;
 *                       *len (may be NULL) its length
 *   rti_value_bytes     BYTES; *len their number
 *   rti_value_count     elements of an ARRAY, fields of a RECORD
 *   rti_value_at        element or field i
 *   rti_value_field_name, rti_value_field  field i's name; field by name
 *   rti_value_enumerator          ENUMERATOR's name
 *   rti_value_discriminant        VARIANT's discriminant (an ENUMERATOR)
 *   rti_value_alternative         VARIANT's value; NULL when the
 *                                 discriminant selects no data
 *   rti_value_alternative_name    its name
 */
RTI_API int rti_value_kind(const rti_value *v);
RTI_API int64_t rti_value_int(const rti_value *v);
RTI_API uint64_t rti_value_uint(const rti_value *v);
RTI_API double rti_value_double(const rti_value *v);
RTI_API int rti_value_bool(const rti_value *v);
RTI_API const char *rti_value_string(const rti_value *v, size_t *len);
RTI_API const void *rti_value_bytes(const rti_value *v, size_t *len);
RTI_API size_t rti_value_count(const rti_value *v);
RTI_API rti_value *rti_value_at(const rti_value *v, size_t i);
RTI_API const char *rti_value_field_name(const rti_value *v, size_t i);
RTI_API rti_value *rti_value_field(const rti_value *v, const char *name);
RTI_API const char *rti_value_enumerator(const rti_value *v);
RTI_API rti_value *rti_value_discriminant(const rti_value *v);
RTI_API rti_value *rti_value_alternative(const rti_value *v);
RTI_API const char *rti_value_alternative_name(const rti_value *v);

/*
 * Building a tree.  Each rti_value_new_* returns a new root (NULL when out
 * of memory or, for strings, invalid UTF-8).  rti_value_append and
 * rti_value_set_field attach `child` (a root) to an ARRAY or RECORD and
 * take it over on RTI_OK only; set_field replaces (and frees) a field of
 * the same name.  rti_value_new_enumerator takes a name (NULL: by value).
 * rti_value_new_variant takes over `disc` (an ENUMERATOR) and `alt` (NULL
 * when no data) on success only; the names label them in JSON (may be
 * NULL).  rti_value_free frees a root and everything under it (NULL is
 * fine; a node attached to a parent is freed with it and is refused here),
 * as rti_free does.
 */
RTI_API rti_value *rti_value_new_int(int64_t v);
RTI_API rti_value *rti_value_new_uint(uint64_t v);
RTI_API rti_value *rti_value_new_double(double v);
RTI_API rti_value *rti_value_new_bool(int v);
RTI_API rti_value *rti_value_new_string(const char *utf8, size_t len);
RTI_API rti_value *rti_value_new_bytes(const void *p, size_t len);
RTI_API rti_value *rti_value_new_enumerator(const char *name, int64_t value);
RTI_API rti_value *rti_value_new_array(void);
RTI_API rti_value *rti_value_new_record(void);
RTI_API rti_value *rti_value_new_variant(const char *disc_name,
    rti_value *disc, const char *alt_name, rti_value *alt);
RTI_API int rti_value_append(rti_value *array, rti_value *child);
RTI_API int rti_value_set_field(rti_value *record, const char *name,
    rti_value *child);
RTI_API void rti_value_free(rti_value *v);

#ifdef __cplusplus
}
#endif
#endif
