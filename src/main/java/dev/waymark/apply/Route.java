package dev.waymark.apply;

/**
 * Where a performed step travels: the spec's {@code workflow_id} (the inline run it belongs to, carried on the wire
 * and in the journal) and {@code client_id} (the extension client to drive, a hint the host honours when that
 * client is connected; null leaves the choice of browser to the host).
 */
public record Route(String workflowId, String clientId) {
  /** No workflow named and the host's own choice of browser. */
  public static final Route NONE = new Route(null, null);

  public Route {
    workflowId = blankToNull(workflowId);
    clientId = blankToNull(clientId);
  }

  /** The route the turn's options name. */
  public static Route of(ApplyInput in) {
    return new Route(in.workflowId(), in.clientId());
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
