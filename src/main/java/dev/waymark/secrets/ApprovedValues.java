package dev.waymark.secrets;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values a run takes from a store: only those of the variables the person approved for that workflow. Names not
 * approved and names the store lacks are listed for the message, never guessed at.
 */
public record ApprovedValues(Map<String, String> values, List<String> unapproved, List<String> absent) {
  /** Looks up the approved names among {@code needed}; nothing is looked up while any is unapproved. */
  public static ApprovedValues resolve(Collection<String> needed, Set<String> approved, SecretStore store)
      throws SecretStoreException {
    List<String> unapproved = new ArrayList<>();
    for (String n : needed) if (!approved.contains(n)) unapproved.add(n);
    if (!unapproved.isEmpty()) return new ApprovedValues(Map.of(), List.copyOf(unapproved), List.of());
    Map<String, String> found = store.lookupAll(needed);
    List<String> absent = new ArrayList<>();
    for (String n : needed) if (!found.containsKey(n)) absent.add(n);
    return new ApprovedValues(Map.copyOf(found), List.of(), List.copyOf(absent));
  }

  /** Whether every needed value was found. */
  public boolean complete() {
    return unapproved.isEmpty() && absent.isEmpty();
  }

  /** "{{ a }}, {{ b }}" for a message. */
  public static String tokens(Collection<String> names) {
    return String.join(", ", names.stream().map(n -> "{{ " + n + " }}").toList());
  }
}
