package dev.waymark.session;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCategory;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The person's approval policy: for each risk category whether a step in it is performed, held for approval, or
 * refused. Persisted as {@code approval-policy.json} in the config folder. A category the file does not name
 * asks, because a missing setting must never quietly mean "perform".
 */
public record ApprovalSettings(Map<RiskCategory, Policy> policies) {
  public static final String FILE_NAME = "approval-policy.json";

  public ApprovalSettings {
    EnumMap<RiskCategory, Policy> full = new EnumMap<>(RiskCategory.class);
    for (RiskCategory c : RiskCategory.values()) full.put(c, Policy.ASK);
    if (policies != null) policies.forEach((k, v) -> { if (k != null && v != null) full.put(k, v); });
    policies = Collections.unmodifiableMap(full);
  }

  /** Every category asks: the default until the person says otherwise. */
  public static ApprovalSettings defaults() {
    return new ApprovalSettings(Map.of());
  }

  public Policy policy(RiskCategory c) {
    return policies.get(c);
  }

  public ApprovalSettings with(RiskCategory c, Policy p) {
    EnumMap<RiskCategory, Policy> m = new EnumMap<>(policies);
    m.put(c, p);
    return new ApprovalSettings(m);
  }

  /** The strictest policy over the categories a step falls in: BLOCK before ASK before AUTO; none is AUTO. */
  public Policy strictest(Collection<RiskCategory> categories) {
    Policy out = Policy.AUTO;
    for (RiskCategory c : categories) {
      Policy p = policy(c);
      if (p == Policy.BLOCK) return Policy.BLOCK;
      if (p == Policy.ASK) out = Policy.ASK;
    }
    return out;
  }

  public static Path defaultFile() {
    return ConfigDirs.config().resolve(FILE_NAME);
  }

  /** Reads the file; a missing file is the defaults, an unreadable one is an error the person must see. */
  public static ApprovalSettings load(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return defaults();
    }
    try {
      Map<String, String> raw = Json.mapper().readValue(text, new TypeReference<LinkedHashMap<String, String>>() {});
      EnumMap<RiskCategory, Policy> m = new EnumMap<>(RiskCategory.class);
      for (Map.Entry<String, String> e : raw.entrySet()) {
        m.put(RiskCategory.valueOf(e.getKey().toUpperCase(java.util.Locale.ROOT)),
            Policy.valueOf(e.getValue().toUpperCase(java.util.Locale.ROOT)));
      }
      return new ApprovalSettings(m);
    } catch (IllegalArgumentException | IOException e) {
      throw new IOException(file + " is not a valid approval policy (" + e.getMessage()
          + "); fix or delete it, then open Settings again", e);
    }
  }

  public void save(Path file) throws IOException {
    Map<String, String> raw = new LinkedHashMap<>();
    policies.forEach((k, v) -> raw.put(k.name().toLowerCase(java.util.Locale.ROOT), v.name().toLowerCase(java.util.Locale.ROOT)));
    AtomicFiles.write(file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(raw) + "\n");
  }
}
