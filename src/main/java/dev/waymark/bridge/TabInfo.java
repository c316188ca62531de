package dev.waymark.bridge;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A browser tab as the extension reports it.
 *
 * @param id     Chrome's tab id
 * @param url    its address
 * @param title  its title
 * @param active it is the active tab of its window
 * @param task   it is the task tab steps act on
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TabInfo(@JsonProperty("id") int id, @JsonProperty("url") String url, @JsonProperty("title") String title,
            @JsonProperty("active") boolean active, @JsonProperty("task") boolean task) {
}
