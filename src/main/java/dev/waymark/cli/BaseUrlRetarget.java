package dev.waymark.cli;

import dev.waymark.replay.BaseUrl;
import dev.waymark.workflow.Workflow;
import java.nio.file.Path;

/**
 * What {@code --base-url} and {@code --authored-base} make of one workflow: its addresses moved from the base it was
 * authored against to the deployment the run targets. Apart from the commands because a single run and a run at
 * scale read the two options the same way and refuse the same mistakes with the same words.
 *
 * @param from the base the workflow was authored against
 * @param to the base the run targets
 * @param retargeted the moved workflow and the addresses that changed
 */
record BaseUrlRetarget(BaseUrl.Base from, BaseUrl.Base to, BaseUrl.Retargeted retargeted) {

  /**
   * The workflow of {@code file} moved to {@code baseUrl}, from {@code authoredBase} or else the origin of its first
   * navigation.
   *
   * @throws IllegalArgumentException with the usage message when an option cannot be read or there is nothing to move
   */
  static BaseUrlRetarget of(Path file, Workflow workflow, String baseUrl, String authoredBase) {
    BaseUrl.Base to;
    BaseUrl.Base from;
    try {
      to = BaseUrl.parse(baseUrl);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--base-url " + e.getMessage(), e);
    }
    try {
      from = authoredBase != null ? BaseUrl.parse(authoredBase) : BaseUrl.authoredBase(workflow);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--authored-base " + e.getMessage(), e);
    }
    if (from == null) {
      throw new IllegalArgumentException("--base-url: " + file + " opens no http(s) address (no navigate step), so "
          + "there is no origin to replace; name the one it was authored against with --authored-base URL");
    }
    return new BaseUrlRetarget(from, to, BaseUrl.apply(workflow, from, to));
  }

  /** The workflow with its addresses moved. */
  Workflow workflow() {
    return retargeted.workflow();
  }

  /** The progress line that says what moved where, e.g. {@code retargeted from A to B: 3 addresses}. */
  String summary() {
    int n = retargeted.changes().size();
    return "retargeted from " + from + " to " + to + ": " + n + (n == 1 ? " address" : " addresses");
  }
}
