<?php
// Fills the benchmark's WordPress with POSTS reference posts of PICTURES pictures each, through
// WordPress's own functions (as make-fixture/make-content.php does for the test fixture): the
// first picture the featured image, the others image blocks in the text, every one with its
// alternative text; the posts spread over three categories under "Referenzen".
require getenv('WP_BOOTSTRAP') ?: dirname(__DIR__, 2) . '/server/src/modules/wordpress-import/fixtures/make-fixture/wp-bootstrap.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/media.php';

wp_set_current_user(1);
$images = getenv('WP_FIXTURE_IMAGES');
$posts = (int) getenv('POSTS');
$pictures = (int) getenv('PICTURES');

function fail_on($result) {
    if (is_wp_error($result)) {
        fwrite(STDERR, $result->get_error_message() . "\n");
        exit(1);
    }
    return $result;
}

foreach (get_posts(array('post_type' => array('post', 'page'), 'post_status' => 'any', 'numberposts' => -1)) as $post) {
    wp_delete_post($post->ID, true);
}
global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/referenzen/%postname%/');
$wp_rewrite->flush_rules(false);

$referenzen = fail_on(wp_insert_term('Referenzen', 'category', array('slug' => 'referenzen')))['term_id'];
$categories = array();
foreach (array('Industrie', 'Kirchen', 'Wohngebäude') as $name) {
    $categories[] = fail_on(wp_insert_term($name, 'category', array('parent' => $referenzen)))['term_id'];
}
$places = array('Hanau', 'Offenbach', 'Frankfurt', 'Gelnhausen', 'Maintal', 'Bad Vilbel', 'Darmstadt', 'Aschaffenburg');
$works = array('Fangeinrichtung', 'Ableitungen', 'Ringerder', 'Potentialausgleich', 'Überspannungsschutz', 'Prüfung nach DIN EN 62305-3');

$picture = 0;
for ($i = 1; $i <= $posts; $i++) {
    $place = $places[$i % count($places)];
    $post = fail_on(wp_insert_post(wp_slash(array(
        'post_type' => 'post',
        'post_status' => 'publish',
        'post_author' => 1,
        'post_title' => "Blitzschutz für Objekt $i in $place",
        'post_date' => date('Y-m-d H:i:s', strtotime('2015-01-05') + $i * 86400 * 9),
        'post_category' => array($categories[$i % 3]),
        'post_content' => '',
    )), true));
    $blocks = "<!-- wp:paragraph -->\n<p>Für Objekt $i in $place haben wir den äußeren und inneren Blitzschutz geplant und errichtet.</p>\n<!-- /wp:paragraph -->\n\n";
    for ($p = 1; $p <= $pictures; $p++) {
        $picture++;
        $tmp = wp_tempnam("bild-$picture.jpg");
        copy("$images/bild-$picture.jpg", $tmp);
        $id = fail_on(media_handle_sideload(array('name' => "bild-$picture.jpg", 'tmp_name' => $tmp), $post, "Objekt $i, Bild $p"));
        update_post_meta($id, '_wp_attachment_image_alt', wp_slash("Objekt $i in $place, Ansicht $p"));
        if ($p === 1) {
            set_post_thumbnail($post, $id);
            continue;
        }
        $src = wp_get_attachment_image_src($id, 'large')[0];
        $blocks .= "<!-- wp:image {\"id\":$id,\"sizeSlug\":\"large\",\"linkDestination\":\"none\"} -->\n"
            . "<figure class=\"wp-block-image size-large\"><img src=\"$src\" alt=\"Objekt $i in $place, Ansicht $p\" class=\"wp-image-$id\"/></figure>\n"
            . "<!-- /wp:image -->\n\n";
    }
    $items = '';
    foreach (array_slice($works, $i % 3, 3) as $work) {
        $items .= "<!-- wp:list-item -->\n<li>$work</li>\n<!-- /wp:list-item -->\n\n";
    }
    $blocks .= "<!-- wp:list -->\n<ul>$items</ul>\n<!-- /wp:list -->\n";
    fail_on(wp_update_post(wp_slash(array('ID' => $post, 'post_content' => $blocks)), true));
    if ($i % 20 === 0) echo "$i posts\n";
}
echo "$posts posts, $picture pictures\n";
