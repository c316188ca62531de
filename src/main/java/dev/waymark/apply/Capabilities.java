package dev.waymark.apply;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a session allows beyond acting on the page (task-respond's capabilities): letting a download through,
 * putting a file into a file field, changing the task tab's viewport. All three are allowed unless the session
 * narrows them (decision 0028). Written out with every flag, so "none" never reads back as "all".
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Capabilities(
    @JsonProperty("download") boolean download,
    @JsonProperty("file_upload") boolean fileUpload,
    @JsonProperty("viewport_control") boolean viewportControl) {

  public static final String DOWNLOAD = "download";
  public static final String FILE_UPLOAD = "file_upload";
  public static final String VIEWPORT_CONTROL = "viewport_control";
  /** Every capability, in the order they are listed to a person. */
  public static final List<String> NAMES = List.of(DOWNLOAD, FILE_UPLOAD, VIEWPORT_CONTROL);

  public static final Capabilities ALL = new Capabilities(true, true, true);
  public static final Capabilities NONE = new Capabilities(false, false, false);

  /** Exactly the named capabilities. */
  public static Capabilities of(Set<String> names) {
    return new Capabilities(names.contains(DOWNLOAD), names.contains(FILE_UPLOAD), names.contains(VIEWPORT_CONTROL));
  }

  /**
   * Reads a comma-separated list such as {@code download,file_upload}; {@code none} allows nothing, {@code all}
   * everything. A name that is not a capability is an IllegalArgumentException that lists the valid ones.
   */
  public static Capabilities parse(String list) {
    String text = list == null ? "" : list.strip().toLowerCase(Locale.ROOT);
    if (text.equals("none")) return NONE;
    if (text.equals("all")) return ALL;
    Set<String> names = new LinkedHashSet<>();
    for (String part : text.split(",")) {
      String n = part.strip().replace('-', '_');
      if (n.isEmpty()) continue;
      if (!NAMES.contains(n)) {
        throw new IllegalArgumentException("\"" + part.strip() + "\" is not a capability; use a comma-separated list of "
            + String.join(", ", NAMES) + ", or none");
      }
      names.add(n);
    }
    if (names.isEmpty()) {
      throw new IllegalArgumentException("name the capabilities to allow (" + String.join(", ", NAMES) + ") or none");
    }
    return of(names);
  }

  public boolean allows(String name) {
    return switch (name) {
      case DOWNLOAD -> download;
      case FILE_UPLOAD -> fileUpload;
      case VIEWPORT_CONTROL -> viewportControl;
      default -> false;
    };
  }

  /** The allowed capabilities' names, in {@link #NAMES} order. */
  @JsonIgnore
  public Set<String> names() {
    Set<String> out = new LinkedHashSet<>();
    for (String n : NAMES) if (allows(n)) out.add(n);
    return out;
  }

  /** The capability a step needs that this session does not allow, or null when it may be performed. */
  public String missingFor(Step step) {
    if (StepTypes.UPLOAD.equals(step.type()) && !fileUpload) return FILE_UPLOAD;
    if (StepTypes.SET_VIEWPORT.equals(step.type()) && !viewportControl) return VIEWPORT_CONTROL;
    if ((step.allowDownload() || StepTypes.CAPTURE_DOWNLOAD.equals(step.type())) && !download) return DOWNLOAD;
    return null;
  }

  /** The refusal the next prompt reads when a step needs {@code missing}: what is not allowed and what to do instead. */
  public static String refusal(String missing) {
    String instead = switch (missing) {
      case FILE_UPLOAD -> "ask the person to upload the file in a userStep, or report blocked";
      case DOWNLOAD -> "ask the person to download the file in a userStep, or report blocked";
      default -> "work with the viewport as it is, or report blocked";
    };
    return "this session does not allow " + missing + "; " + instead;
  }

  @Override
  public String toString() {
    Set<String> n = names();
    return n.isEmpty() ? "none" : String.join(",", n);
  }
}
