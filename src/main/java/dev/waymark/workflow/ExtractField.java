package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** One named column an extractList step reads from each item: CSS relative to the item, and the attribute (text when absent). */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ExtractField(
    @JsonProperty("css") String css,
    @JsonProperty("attribute") String attribute) {

  @JsonCreator
  public ExtractField(@JsonProperty("css") String css, @JsonProperty("attribute") String attribute) {
    this.css = css;
    this.attribute = attribute;
  }

  /** A model often writes a column as a bare CSS string; accept that shorthand. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static ExtractField ofCss(String css) {
    return new ExtractField(css, null);
  }
}
