package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The effect a step was seen to have when it was authored, which replay waits for after performing it: the address
 * now ends with {@code url} (path and route, never the query), an element with this role and name {@code appears} or
 * is {@code gone}, the step's own field holds {@code value} (as written: a token stays a token), a list's
 * {@code count} changed by so many, the {@code title} now reads so. Engine-owned like {@link Target}: only what the
 * studio saw goes in, one or two facts that will be the same on the next run.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"url", "title", "appears", "gone", "value", "count", "ready"})
public record Expect(
    @JsonProperty("url") String url,
    @JsonProperty("title") String title,
    @JsonProperty("appears") Element appears,
    @JsonProperty("gone") Element gone,
    @JsonProperty("value") String value,
    @JsonProperty("count") Count count,
    // Before acting, wait until the page takes input (its script listens): replay sets it on the first action on a
    // page whose script reacts to the steps there; a person may write it on any step.
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("ready") boolean ready) {

  /** A seen effect (replay decides on readiness itself). */
  public Expect(String url, String title, Element appears, Element gone, String value, Count count) {
    this(url, title, appears, gone, value, count, false);
  }

  /** The same effect, waited for only once the page takes input. */
  public Expect readyFirst() {
    return new Expect(url, title, appears, gone, value, count, true);
  }

  /** Whether the page's own script must react for this effect to show (the page stays where it is). */
  @JsonIgnore
  public boolean byScript() {
    return url == null && (appears != null || gone != null || count != null || title != null);
  }

  /** An element by what a person reads of it: its role and accessible name. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"role", "name"})
  public record Element(@JsonProperty("role") String role, @JsonProperty("name") String name) {
    @Override
    public String toString() {
      String r = role == null || role.isBlank() ? "an element" : article(role) + " " + role;
      return name == null || name.isBlank() ? r : r + " \"" + name + "\"";
    }
  }

  /** The items {@code list} (a CSS selector of the item) matched changed by {@code by} (+1: one more). */
  @JsonPropertyOrder({"list", "by"})
  public record Count(@JsonProperty("list") String list, @JsonProperty("by") int by) {}

  /** Nothing to wait for. */
  @JsonIgnore
  public boolean isEmpty() {
    return url == null && title == null && appears == null && gone == null && value == null && count == null && !ready;
  }

  /** Null when empty, so a step without a seen effect carries no block at all. */
  public static Expect orNull(Expect e) {
    return e == null || e.isEmpty() ? null : e;
  }

  /** Each fact in words, as a replay error names the one that did not follow ("a link \"Active\" to appear"). */
  @JsonIgnore
  public List<String> facts() {
    List<String> out = new ArrayList<>();
    if (url != null) out.add("the address to end with " + url);
    if (title != null) out.add("the title to read \"" + title + "\"");
    if (appears != null) out.add(appears + " to appear");
    if (gone != null) out.add(gone + " to go away");
    if (value != null) out.add("the field to hold " + value);
    if (count != null) {
      out.add("the list " + count.list() + " to " + (count.by() >= 0 ? "grow" : "shrink") + " by " + Math.abs(count.by()));
    }
    return out;
  }

  static String article(String word) {
    return !word.isEmpty() && "aeiou".indexOf(Character.toLowerCase(word.charAt(0))) >= 0 ? "an" : "a";
  }
}
