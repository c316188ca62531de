package dev.waymark.cli;

import dev.waymark.apply.Capabilities;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCategory;
import dev.waymark.workflow.Tokens;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the options that shape an authoring session are read: {@code --allow} as capabilities, {@code --var} as
 * declared variables, {@code --approve} as the run's approval policy, and the default of {@code --headless}. Apart
 * from {@link AuthorCommand} because {@code mcp} (and, for {@code --headless}, {@code run}) reads the same options
 * the same way, and a usage error must say the same thing in each.
 */
final class SessionOptions {
  /** What the person wants done with a step whose risk category asks for approval. */
  enum ApproveMode { ask, auto, deny }

  private SessionOptions() {}

  /** Whether a browser window could be shown: always off Linux; on Linux an X or Wayland display must be set. */
  static boolean hasDisplay() {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) return true;
    return notBlank(System.getenv("DISPLAY")) || notBlank(System.getenv("WAYLAND_DISPLAY"));
  }

  private static boolean notBlank(String s) {
    return s != null && !s.isBlank();
  }

  /** --allow's list; a name that is not a capability is a usage error that lists the valid ones. */
  static Capabilities parseAllow(String list) {
    try {
      return Capabilities.parse(list);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--allow " + list + ": " + e.getMessage(), e);
    }
  }

  static Map<String, String> parseVars(List<String> specs) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String v : specs == null ? List.<String>of() : specs) {
      int eq = v.indexOf('=');
      String name = (eq < 0 ? v : v.substring(0, eq)).strip();
      if (!Tokens.isName(name)) {
        throw new IllegalArgumentException("--var " + v + ": \"" + name + "\" cannot be a variable name; use NAME=DESCRIPTION "
            + "with letters, digits and _ . -, starting with a letter or _");
      }
      out.put(name, eq < 0 ? "" : v.substring(eq + 1).strip());
    }
    return out;
  }

  /**
   * The policy of this run: {@code auto} performs what would ask, {@code deny} refuses it; what the policy
   * blocks stays blocked either way. Only {@code ask} leaves approval to the person on the terminal.
   */
  static ApprovalPolicy policyFor(ApprovalPolicy base, ApproveMode mode) {
    ApprovalPolicy p = base;
    if (mode == ApproveMode.ask) return p;
    for (RiskCategory c : RiskCategory.values()) {
      if (base.policy(c) == Policy.ASK) p = p.with(c, mode == ApproveMode.auto ? Policy.AUTO : Policy.BLOCK);
    }
    return p;
  }
}
