package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A picture of the task tab's visible part (a JPEG, fields holding values already blurred in the browser) and where
 * each observed element is on it: boxes in the viewport's CSS pixels ({@code width} × {@code height}); the image may
 * be larger by the device pixel ratio.
 */
public record PagePicture(byte[] jpeg, int width, int height, double devicePixelRatio, List<Box> boxes, int blurred) {
  /** Where the element with {@code ref} is, in CSS pixels from the viewport's top left. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Box(@JsonProperty("ref") String ref, @JsonProperty("x") double x, @JsonProperty("y") double y,
      @JsonProperty("w") double w, @JsonProperty("h") double h) {}

  public PagePicture {
    jpeg = jpeg == null ? new byte[0] : jpeg.clone();
    boxes = boxes == null ? List.of() : List.copyOf(boxes);
  }

  @Override
  public byte[] jpeg() {
    return jpeg.clone();
  }

  /** The box of {@code ref}, or null when it is not on the picture. */
  public Box box(String ref) {
    for (Box b : boxes) if (b.ref().equals(ref)) return b;
    return null;
  }

  /**
   * What the browser must blur and where to find each element: refs with their selectors, and the selectors of the
   * fields whose observed value holds a variable's {@code {{ token }}} (the session's mask put it there), so their
   * real value never leaves the browser in pixels. Password fields are blurred by the browser itself.
   */
  public record Request(java.util.Map<String, Object> refs, List<Object> blur) {
    public static Request of(PageObservation o) {
      java.util.Map<String, Object> refs = new java.util.LinkedHashMap<>();
      List<Object> blur = new java.util.ArrayList<>();
      if (o == null) return new Request(refs, blur);
      for (ObservedNode n : o.nodes()) {
        java.util.Map<String, Object> sel = new java.util.LinkedHashMap<>();
        if (n.selector() != null) sel.put("css", n.selector());
        if (n.path() != null) sel.put("path", n.path());
        if (n.indexes() != null && !n.indexes().isEmpty()) sel.put("indexes", n.indexes());
        if (n.enter() != null && !n.enter().isEmpty()) sel.put("enter", n.enter());
        if (sel.isEmpty()) continue;
        refs.put(n.ref(), sel);
        if (n.value() != null && n.value().contains("{{")) blur.add(sel);
      }
      return new Request(refs, blur);
    }
  }
}
