package dev.waymark.workflow;

import java.util.Set;

/** The step vocabulary (DESIGN.md): type names and the facts about each that the engine checks. */
public final class StepTypes {
  public static final String NAVIGATE = "navigate";
  public static final String CLICK = "click";
  public static final String FILL = "fill";
  public static final String SELECT = "select";
  public static final String PRESS = "press";
  public static final String SCROLL = "scroll";
  public static final String UPLOAD = "upload";
  public static final String WAIT = "wait";
  public static final String EXTRACT = "extract";
  public static final String EXTRACT_LIST = "extractList";
  public static final String CAPTURE_URL = "captureUrl";
  public static final String CAPTURE_DOWNLOAD = "captureDownload";
  public static final String CAPTURE_PAGE_FILE = "capturePageFile";
  public static final String EVAL = "eval";
  public static final String SWITCH_TAB = "switchTab";
  public static final String CLOSE_TAB = "closeTab";
  public static final String ADOPT_TAB = "adoptTab";
  public static final String SET_VIEWPORT = "setViewport";
  public static final String USER_STEP = "userStep";

  public static final Set<String> ALL = Set.of(NAVIGATE, CLICK, FILL, SELECT, PRESS, SCROLL, UPLOAD, WAIT,
      EXTRACT, EXTRACT_LIST, CAPTURE_URL, CAPTURE_DOWNLOAD, CAPTURE_PAGE_FILE, EVAL, SWITCH_TAB, CLOSE_TAB,
      ADOPT_TAB, SET_VIEWPORT, USER_STEP);

  /** What a model may write unless the session widens it: no page functions, no captures. */
  public static final Set<String> MODEL_WRITABLE_DEFAULT = Set.of(NAVIGATE, CLICK, FILL, SELECT, PRESS, SCROLL,
      UPLOAD, WAIT, EXTRACT, EXTRACT_LIST, SWITCH_TAB, CLOSE_TAB, ADOPT_TAB, SET_VIEWPORT, USER_STEP);

  /** Types that act on one element and so need a ref (or a selector). */
  public static final Set<String> NEEDS_ELEMENT = Set.of(CLICK, FILL, SELECT, UPLOAD, EXTRACT, CAPTURE_DOWNLOAD);

  /** Types that may act on an element when one is named, and on the page otherwise. */
  public static final Set<String> ELEMENT_OPTIONAL = Set.of(PRESS, SCROLL, EXTRACT_LIST);

  /** Types whose result is data read off the page. */
  public static final Set<String> EXTRACTING = Set.of(EXTRACT, EXTRACT_LIST, EVAL);

  /** Types whose value is typed into the page, so it is where a secret would leak. */
  public static final Set<String> VALUE_TYPED = Set.of(FILL, SELECT, PRESS, UPLOAD);

  /** Types that capture a file for the controlling client. */
  public static final Set<String> CAPTURING = Set.of(CAPTURE_URL, CAPTURE_DOWNLOAD, CAPTURE_PAGE_FILE);

  /** The one destination a captured file has (spec: "the controlling client is its only destination"). */
  public static final String OUTPUT_CLIENT = "client";

  private StepTypes() {}

  /**
   * Why a step's {@code output} cannot be honoured, or null when it can: only a capture step has a file to send, and
   * the controlling client (the studio, which keeps it in its captures folder) is the only place it goes.
   */
  public static String outputProblem(String type, String output) {
    if (output == null || output.isBlank()) return null;
    if (!CAPTURING.contains(type)) {
      return "\"output\" chooses where a captured file goes, and a " + type + " step captures no file; leave it out";
    }
    if (!OUTPUT_CLIENT.equals(output.strip())) {
      return "\"output\" is \"" + output.strip() + "\", but the controlling client is a captured file's only destination "
          + "(Waymark keeps it in its captures folder); write \"output: client\" or leave it out";
    }
    return null;
  }

  public static boolean known(String type) {
    return type != null && ALL.contains(type);
  }
}
