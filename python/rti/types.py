# SPDX-License-Identifier: Apache-2.0
"""The values the services of :class:`rti.Ambassador` take and give that
are not handles: librti.h's enums, what a message callback says of its
message (:class:`MessageInfo`), a federation of a list
(:class:`FederationExecutionInfo`) and the values of a reflection or an
interaction (:class:`AttributeValues`, :class:`ParameterValues`, which
decode themselves through the FOM's datatypes)."""

import enum

__all__ = ["MessageInfo", "FederationExecutionInfo", "AttributeValues",
           "ParameterValues", "ResignAction", "Order", "Transportation",
           "SyncFailureReason", "Packing", "SaveFailureReason", "SaveStatus",
           "RestoreFailureReason", "RestoreStatus"]


class ResignAction(enum.IntEnum):
    """What happens to a resigning federate's instances and attributes."""
    UNCONDITIONALLY_DIVEST_ATTRIBUTES = 0
    DELETE_OBJECTS = 1
    CANCEL_PENDING_OWNERSHIP_ACQUISITIONS = 2
    DELETE_OBJECTS_THEN_DIVEST = 3
    CANCEL_THEN_DELETE_THEN_DIVEST = 4
    NO_ACTION = 5


class Order(enum.IntEnum):
    """Order of a message: as received, or by timestamp."""
    RECEIVE = 0
    TIMESTAMP = 1


def _order_arg(order):
    if not isinstance(order, Order):
        raise TypeError("order must be an rti.Order")
    return int(order)


class Transportation(enum.IntEnum):
    """Transportation type: the MIM's HLAreliable and HLAbestEffort."""
    RELIABLE = 0
    BEST_EFFORT = 1


def _transport_arg(t):
    if not isinstance(t, Transportation):
        raise TypeError("type must be an rti.Transportation")
    return int(t)


class SyncFailureReason(enum.IntEnum):
    """Why a synchronization point registration failed."""
    LABEL_NOT_UNIQUE = 0
    SET_MEMBER_NOT_JOINED = 1


class SaveFailureReason(enum.IntEnum):
    """Why a federation was not saved (federation_not_saved)."""
    RTI_UNABLE_TO_SAVE = 0
    FEDERATE_REPORTED_FAILURE = 1
    FEDERATE_RESIGNED = 2
    RTI_DETECTED_FAILURE = 3
    TIME_CANNOT_BE_HONORED = 4
    ABORTED = 5


class SaveStatus(enum.IntEnum):
    """A federate's part in a save (federation_save_status_response)."""
    NO_SAVE_IN_PROGRESS = 0
    FEDERATE_INSTRUCTED_TO_SAVE = 1
    FEDERATE_SAVING = 2
    FEDERATE_WAITING_FOR_FEDERATION_TO_SAVE = 3


class RestoreFailureReason(enum.IntEnum):
    """Why a federation was not restored (federation_not_restored)."""
    RTI_UNABLE_TO_RESTORE = 0
    FEDERATE_REPORTED_FAILURE = 1
    FEDERATE_RESIGNED = 2
    RTI_DETECTED_FAILURE = 3
    ABORTED = 4


class RestoreStatus(enum.IntEnum):
    """A federate's part in a restore
    (federation_restore_status_response)."""
    NO_RESTORE_IN_PROGRESS = 0
    FEDERATE_RESTORE_REQUEST_PENDING = 1
    FEDERATE_WAITING_FOR_RESTORE_TO_BEGIN = 2
    FEDERATE_PREPARED_TO_RESTORE = 3
    FEDERATE_RESTORING = 4
    FEDERATE_WAITING_FOR_FEDERATION_TO_RESTORE = 5


class Packing(enum.IntEnum):
    """How updates are packed into frames (set_update_packing)."""
    ATTRIBUTE = 0
    INSTANCE = 1
    CLASS = 2


class MessageInfo:
    """What comes with a reflection, interaction or remove.

    ``producer`` (FederateHandle), ``sent_order`` and ``received_order``
    (:class:`Order`), ``time`` (the time the sender gave, else None; with
    ``sent_order`` RECEIVE it is information only), ``retraction``
    (MessageRetractionHandle or None: only what was sent in timestamp
    order has one), ``condition`` (the send condition, str, or None: the
    update's own, else the instance's)."""

    __slots__ = ("producer", "sent_order", "received_order", "time",
                 "retraction", "condition")

    def __init__(self, producer, sent_order, received_order, time,
                 retraction, condition):
        self.producer = producer
        self.sent_order = sent_order
        self.received_order = received_order
        self.time = time
        self.retraction = retraction
        self.condition = condition

    def __repr__(self):
        return ("MessageInfo(producer=%r, sent_order=%s, received_order=%s,"
                " time=%r, retraction=%r, condition=%r)" % (
                    self.producer, self.sent_order.name,
                    self.received_order.name, self.time, self.retraction,
                    self.condition))


class FederationExecutionInfo:
    """One federation of report_federation_executions: ``name``,
    ``time_implementation`` and ``federates`` (joined, an int)."""

    __slots__ = ("name", "time_implementation", "federates")

    def __init__(self, name, time_implementation, federates):
        self.name = name
        self.time_implementation = time_implementation
        self.federates = federates

    def __repr__(self):
        return "FederationExecutionInfo(%r, %r, %d)" % (
            self.name, self.time_implementation, self.federates)


class AttributeValues(dict):
    """Reflected attribute values: a dict of AttributeHandle -> bytes (the
    raw value as sent), that also decodes them by the FOM's datatypes.

    ``values.decode(attr)`` is one value as a Python value,
    ``values.decoded()`` all of them as a new dict.  In a class bundle,
    ``values.condition`` is the instance's send condition (or None)."""

    __slots__ = ("_amb", "condition")

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.condition = None

    def decode(self, attr):
        """The value of ``attr`` decoded by its datatype (see
        Ambassador.decode_attribute)."""
        return self._amb.decode_attribute(attr, self[attr])

    def decoded(self):
        """A dict of every attribute's decoded value."""
        dec = self._amb.decode_attribute
        return {a: dec(a, v) for a, v in self.items()}


class ParameterValues(dict):
    """Received parameter values: a dict of ParameterHandle -> bytes that
    also decodes them (``decode(param)``, ``decoded()``)."""

    __slots__ = ("_amb",)

    def decode(self, param):
        """The value of ``param`` decoded by its datatype."""
        return self._amb.decode_parameter(param, self[param])

    def decoded(self):
        """A dict of every parameter's decoded value."""
        dec = self._amb.decode_parameter
        return {p: dec(p, v) for p, v in self.items()}
