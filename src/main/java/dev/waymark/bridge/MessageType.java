package dev.waymark.bridge;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The closed set of wire message types (docs/protocol.md); anything else closes the connection. */
public enum MessageType {
  // studio → extension
  CHALLENGE("challenge", Direction.TO_EXTENSION),
  WELCOME("welcome", Direction.TO_EXTENSION),
  OBSERVE("observe", Direction.TO_EXTENSION),
  PERFORM("perform", Direction.TO_EXTENSION),
  STATUS("status", Direction.TO_EXTENSION),
  HIGHLIGHT("highlight", Direction.TO_EXTENSION),
  TABS("tabs", Direction.TO_EXTENSION),
  RECORD("record", Direction.TO_EXTENSION),
  GATE("gate", Direction.TO_EXTENSION),
  RELEASE("release", Direction.TO_EXTENSION),
  // the person's Stop for a long extractList (only that step type stops early, between pages)
  CANCEL("cancel", Direction.TO_EXTENSION),
  // what waits for the person, for the extension's side panel
  WAITING("waiting", Direction.TO_EXTENSION),
  WAITING_ENDED("waiting_ended", Direction.TO_EXTENSION),
  ACTIVITY("activity", Direction.TO_EXTENSION),
  // the answer to a trusted_input event: a launched Firefox's input, dispatched by the studio over BiDi
  TRUSTED_INPUT_DONE("trusted_input_done", Direction.TO_EXTENSION),
  // extension → studio
  HELLO("hello", Direction.TO_STUDIO),
  OBSERVATION("observation", Direction.TO_STUDIO),
  PERFORMED("performed", Direction.TO_STUDIO),
  STEP_STATUS("step_status", Direction.TO_STUDIO),
  HIGHLIGHTED("highlighted", Direction.TO_STUDIO),
  TAB_LIST("tab_list", Direction.TO_STUDIO),
  RECORDING("recording", Direction.TO_STUDIO),
  GATE_CLEARED("gate_cleared", Direction.TO_STUDIO),
  RELEASED("released", Direction.TO_STUDIO),
  CANCELLED("cancelled", Direction.TO_STUDIO),
  PANEL_UPDATED("panel_updated", Direction.TO_STUDIO),
  TRUSTED_INPUT_TAKEN("trusted_input_taken", Direction.TO_STUDIO),
  EVENT("event", Direction.TO_STUDIO),
  // both ways
  // run's report: the request and its reply share the name (the reply carries the image)
  SCREENSHOT("screenshot", Direction.BOTH),
  // the page beside the studio's tree: the picture with the observed elements' boxes, values blurred
  PICTURE("picture", Direction.BOTH),
  HEARTBEAT("heartbeat", Direction.BOTH),
  ERROR("error", Direction.BOTH);

  /** Which side may send a type. */
  public enum Direction { TO_EXTENSION, TO_STUDIO, BOTH }

  private static final Map<String, MessageType> BY_WIRE =
      Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(MessageType::wire, Function.identity()));

  private final String wire;
  private final Direction direction;

  MessageType(String wire, Direction direction) {
    this.wire = wire;
    this.direction = direction;
  }

  /** The {@code type} string on the wire. */
  public String wire() {
    return wire;
  }

  /** Whether the studio accepts this type from an extension. */
  public boolean acceptedByStudio() {
    return direction != Direction.TO_EXTENSION;
  }

  /** The type for a wire name, if it is one of ours. */
  public static Optional<MessageType> fromWire(String wire) {
    return Optional.ofNullable(wire == null ? null : BY_WIRE.get(wire));
  }
}
