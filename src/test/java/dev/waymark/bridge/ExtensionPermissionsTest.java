package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built extension's manifest against the reviewed allow-list (resources/extension/permissions-allowlist.json,
 * decision 0050): every grant, the content security policy, who may connect and what pages may load. A new entry
 * fails here until someone reviews it and writes down why.
 */
class ExtensionPermissionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BUILT = Path.of("target/classes/extension/manifest.json");
  private static final Path ALLOWLIST = Path.of("resources/extension/permissions-allowlist.json");
  private static final List<String> LISTS = List.of("permissions", "optional_permissions", "host_permissions", "optional_host_permissions");

  private static JsonNode read(Path p) throws Exception {
    if (!Files.isRegularFile(p)) {
      throw new IllegalStateException(p + " is missing: run mvn compile (it builds target/classes/extension)");
    }
    return JSON.readTree(p.toFile());
  }

  private static Set<String> entries(JsonNode manifest, String key) {
    Set<String> out = new LinkedHashSet<>();
    manifest.path(key).forEach(n -> out.add(n.asText()));
    return out;
  }

  @Test
  void everyPermissionAndHostTheManifestAsksForIsReviewedWithItsReason() throws Exception {
    JsonNode manifest = read(BUILT);
    JsonNode allow = read(ALLOWLIST);
    List<String> problems = new ArrayList<>();
    for (String key : LISTS) {
      Set<String> asked = entries(manifest, key);
      JsonNode reviewed = allow.path(key);
      for (String p : asked) {
        if (!reviewed.has(p) || reviewed.path(p).asText().isBlank()) {
          problems.add("manifest.json " + key + " has '" + p + "', which " + ALLOWLIST + " does not list under " + key
              + ": review what it lets the extension do (and whether an optional one would do), then add it there with"
              + " a one-line reason (docs/decisions/0050-least-privilege.md)");
        }
      }
      reviewed.fieldNames().forEachRemaining(p -> {
        if (!asked.contains(p)) {
          problems.add(ALLOWLIST + " lists '" + p + "' under " + key + ", which manifest.json no longer has: remove it there");
        }
      });
    }
    assertThat(problems).as(String.join("\n", problems)).isEmpty();
  }

  @Test
  void theStrictManifestHasNoLaunchedOnlyPermissionAndNoGrantTwice() throws Exception {
    JsonNode manifest = read(BUILT);
    Set<String> launchedOnly = new LinkedHashSet<>();
    read(ALLOWLIST).path("launched_only_permissions").fieldNames().forEachRemaining(launchedOnly::add);
    assertThat(launchedOnly).as("the allow-list's launched-only permissions are the launcher's")
        .containsExactlyElementsOf(ChromiumLauncher.LAUNCHED_ONLY_PERMISSIONS);
    Set<String> all = new LinkedHashSet<>(entries(manifest, "permissions"));
    all.addAll(entries(manifest, "optional_permissions"));
    assertThat(all).doesNotContainAnyElementsOf(launchedOnly);
    assertThat(entries(manifest, "permissions")).doesNotContainAnyElementsOf(entries(manifest, "optional_permissions"));
  }

  @Test
  void theContentSecurityPolicyIsStrictAndReviewed() throws Exception {
    JsonNode manifest = read(BUILT);
    String csp = manifest.path("content_security_policy").path("extension_pages").asText();
    assertThat(csp).isEqualTo(read(ALLOWLIST).path("content_security_policy").path("extension_pages").asText());
    assertThat(csp).contains("script-src 'self'", "object-src 'none'")
        .doesNotContain("unsafe-eval", "unsafe-inline", "http:", "https:", "*;");
    assertThat(manifest.path("content_security_policy").size()).as("only extension_pages (MV3 has no other page to cover)").isEqualTo(1);
  }

  @Test
  void noWebPageAndNoOtherExtensionMayConnectAndNoFileIsWebAccessible() throws Exception {
    JsonNode manifest = read(BUILT);
    JsonNode allow = read(ALLOWLIST);
    // Absent, externally_connectable would let every other extension message this one; an empty ids list lets none,
    // and without matches no web page may either.
    assertThat(manifest.path("externally_connectable")).isEqualTo(allow.path("externally_connectable"));
    assertThat(manifest.path("externally_connectable").path("ids")).isEmpty();
    assertThat(manifest.has("externally_connectable") && manifest.path("externally_connectable").has("matches")).isFalse();
    // No page of the extension is loaded by a web page: the scripts are injected through chrome.scripting.
    assertThat(allow.path("web_accessible_resources").isNull()).isTrue();
    assertThat(manifest.has("web_accessible_resources")).isFalse();
  }

  @Test
  void aLaunchedBrowsersCopyGrantsTheOptionalAndLaunchedOnlyPermissionsUpFront(@TempDir Path dir) throws Exception {
    Path copy = dir.resolve("extension");
    ChromiumLauncher.copyExtension(copy);
    JsonNode strict = read(copy.resolve("manifest.json"));

    ChromiumLauncher.grantUpFront(copy);

    JsonNode granted = read(copy.resolve("manifest.json"));
    Set<String> expected = new LinkedHashSet<>(entries(strict, "permissions"));
    expected.addAll(entries(strict, "optional_permissions"));
    expected.addAll(ChromiumLauncher.LAUNCHED_ONLY_PERMISSIONS);
    assertThat(entries(granted, "permissions")).containsExactlyInAnyOrderElementsOf(expected).contains("debugger", "pageCapture");
    Set<String> hosts = new LinkedHashSet<>(entries(strict, "host_permissions"));
    hosts.addAll(entries(strict, "optional_host_permissions"));
    assertThat(entries(granted, "host_permissions")).containsExactlyInAnyOrderElementsOf(hosts);
    assertThat(granted.has("optional_permissions")).isFalse();
    assertThat(granted.has("optional_host_permissions")).isFalse();
    // Everything else as built: the key (and so the ID the bridge pins), the CSP, externally_connectable.
    ObjectNode rest = ((ObjectNode) granted).deepCopy();
    ObjectNode strictRest = ((ObjectNode) strict).deepCopy();
    for (String key : LISTS) {
      rest.remove(key);
      strictRest.remove(key);
    }
    assertThat(rest).isEqualTo(strictRest);
    // The source tree's manifest, which the person installs, is never the one rewritten.
    assertThat(entries(read(BUILT), "permissions")).doesNotContain("debugger");
  }
}
