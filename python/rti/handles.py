# SPDX-License-Identifier: Apache-2.0
"""Typed handles: small immutable value classes, one per kind.

A handle is what librti hands out (``amb.get_object_class_handle("Bus")``)
and takes back.  Handles of different kinds never compare equal and a
service given the wrong kind raises ``TypeError`` before anything is sent:
an :class:`AttributeHandle` cannot be passed where an
:class:`ObjectClassHandle` belongs, nor a plain ``int``.  Handles are
hashable (dictionary keys), ordered within a kind, and their ``id`` is the
number librti uses (0 is never a valid handle).
"""

__all__ = ["Handle", "FederateHandle", "ObjectClassHandle",
           "AttributeHandle", "InteractionClassHandle", "ParameterHandle",
           "ObjectInstanceHandle", "DimensionHandle", "RegionHandle",
           "DatatypeHandle", "MessageRetractionHandle"]


class Handle:
    """Base of the handle kinds; not used directly."""

    __slots__ = ("_id",)
    _bits = 32

    def __init__(self, id):
        if type(self) is Handle:
            raise TypeError("Handle is abstract: use a handle kind")
        if isinstance(id, bool) or not isinstance(id, int):
            raise TypeError("%s id must be an int, not %s"
                            % (type(self).__name__, type(id).__name__))
        if not 0 <= id < 1 << self._bits:
            raise ValueError("%s id %d out of range"
                             % (type(self).__name__, id))
        object.__setattr__(self, "_id", id)

    @property
    def id(self):
        """The handle's number in librti (an int; 0 is invalid)."""
        return self._id

    def __setattr__(self, name, value):
        raise AttributeError("handles are immutable")

    def __eq__(self, other):
        return type(other) is type(self) and other._id == self._id

    def __ne__(self, other):
        return not self == other

    def __lt__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._id < other._id

    def __hash__(self):
        return hash((type(self).__name__, self._id))

    def __bool__(self):
        return self._id != 0

    def __repr__(self):
        return "%s(%d)" % (type(self).__name__, self._id)

    def __reduce__(self):
        return (type(self), (self._id,))


def _kind(name, doc, bits=32):
    return type(name, (Handle,), {"__slots__": (), "__doc__": doc,
                                  "_bits": bits, "__module__": "rti"})


FederateHandle = _kind("FederateHandle", "A joined federate.")
ObjectClassHandle = _kind("ObjectClassHandle", "An object class of the FOM.")
AttributeHandle = _kind("AttributeHandle",
                        "An attribute of an object class.")
InteractionClassHandle = _kind("InteractionClassHandle",
                               "An interaction class of the FOM.")
ParameterHandle = _kind("ParameterHandle",
                        "A parameter of an interaction class.")
ObjectInstanceHandle = _kind("ObjectInstanceHandle",
                             "A registered or discovered object instance.")
DimensionHandle = _kind("DimensionHandle", "A DDM dimension of the FOM.")
RegionHandle = _kind("RegionHandle", "A DDM region this federate created.")
DatatypeHandle = _kind("DatatypeHandle", "A datatype of the FOM.")
MessageRetractionHandle = _kind(
    "MessageRetractionHandle",
    "A timestamped message this federate sent, for retract() (64 bits: "
    "the sender's federate handle high, its serial low).", bits=64)


def check(value, kind, what="handle"):
    """``value`` when it is a handle of ``kind``, else TypeError."""
    if type(value) is not kind:
        raise TypeError("%s must be %s %s, not %s"
                        % (what, _article(kind.__name__), kind.__name__,
                           _describe(value)))
    return value._id


def _describe(value):
    if isinstance(value, Handle):
        return repr(value)
    return type(value).__name__


def _article(word):
    return "an" if word[0] in "AEIOU" else "a"
