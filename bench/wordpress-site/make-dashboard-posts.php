<?php
// WordPress's side of bench/dashboard-phone.mjs (issue 46): what a content manager's Posts list
// holds. 24 published posts in 6 categories, German titles, a paragraph or two each (written for
// this bench), as blocks; the user `redaktion` (the installer's administrator) with the password
// in DASHBOARD_PASSWORD and 50 posts a page in the Posts list (user meta edit_post_per_page), so
// that all 24 are on its first page. Every other post (make-sections-page.php's three references)
// is deleted, so the list holds these 24 alone. Idempotent: a post is found again by its slug and
// updated, a category by its slug.
// Usage: make-dashboard-site.sh runs it through the fixture's wp-bootstrap.php.
require getenv('WP_BOOTSTRAP') ?: dirname(__DIR__, 2) . '/server/src/modules/wordpress-import/fixtures/make-fixture/wp-bootstrap.php';

function fail_on($result) {
    if (is_wp_error($result)) {
        fwrite(STDERR, $result->get_error_message() . "\n");
        exit(1);
    }
    return $result;
}

$password = getenv('DASHBOARD_PASSWORD');
if (!$password) {
    fwrite(STDERR, "DASHBOARD_PASSWORD is not set\n");
    exit(1);
}

// The user: the installer's `redaktion`, or a new administrator of that name.
$user = get_user_by('login', 'redaktion');
$user_id = $user ? $user->ID : fail_on(wp_create_user('redaktion', $password, 'redaktion@blitzschutz-mustermann.example'));
if (!$user) (new WP_User($user_id))->set_role('administrator');
wp_set_password($password, $user_id);
update_user_meta($user_id, 'edit_post_per_page', 50);
wp_set_current_user($user_id);

// Slug => [name, posts]; each post: [slug, title, paragraphs].
$categories = array(
    'blitzschutz' => array('Blitzschutz', array(
        array('sporthalle-maintal', 'Äußerer Blitzschutz für die neue Sporthalle in Maintal', array(
            'Die Dreifeldhalle hat ein Bogendach aus Stahl. Wir haben es als natürliche Fangeinrichtung genutzt und nur die Lichtkuppeln mit Fangstangen überdeckt.',
            'Zwölf Ableitungen führen in Revisionsschächten zum Ringerder. Die Abnahme mit dem Prüfsachverständigen war nach einem Vormittag erledigt.',
        )),
        array('flachdach-logistikzentrum', 'Fangeinrichtung auf dem Flachdach eines Logistikzentrums', array(
            'Auf 18.000 m² Dachfläche sitzen Lüftungsgeräte, Rauchabzüge und eine Photovoltaikanlage. Mit dem Blitzkugelverfahren haben wir jede Anlage einzeln betrachtet und Fangstangen mit Betonsockeln gesetzt, ohne die Dachhaut zu durchdringen.',
        )),
        array('trennungsabstand-solaranlage', 'Trennungsabstand: warum die Solaranlage Abstand braucht', array(
            'Wer Module nah an die Fangleitung baut, holt sich Teilblitzströme ins Gebäude. Wir rechnen den Trennungsabstand für jede Dachseite nach und zeigen, wo isolierte Fangstangen helfen.',
            'Oft reichen schon wenige Zentimeter mehr Abstand, damit kein Überschlag droht.',
        )),
        array('fachwerkhaus-denkmalschutz', 'Blitzschutz für ein Fachwerkhaus unter Denkmalschutz', array(
            'Kupferleitungen, die mit der Zeit nachdunkeln, verlegt entlang der Balken: so hat die Denkmalbehörde der Anlage zugestimmt. Die Erdung liegt als Ring unter dem neuen Pflaster des Hofes.',
        )),
    )),
    'erdung' => array('Erdung', array(
        array('fundamenterder-hanau-nord', 'Fundamenterder im Neubaugebiet Hanau-Nord', array(
            'Für 26 Reihenhäuser haben wir die Fundamenterder vor dem Betonieren verlegt und mit Fotos dokumentiert. Die Anschlussfahnen liegen dort, wo später der Hausanschlussraum entsteht.',
        )),
        array('ringerder-bestandsbau', 'Ringerder nachgerüstet: ein Bestandsbau ohne Fundamenterder', array(
            'Ein Bürohaus aus den Sechzigern hatte keinen Erder, der den Namen verdient. Wir haben einen Ringerder aus Edelstahl einen Meter vom Gebäude entfernt eingegraben.',
            'Der Erdungswiderstand sank von über 100 auf 4 Ohm.',
        )),
        array('erdungsmessung-trockener-boden', 'Erdungsmessung bei trockenem Boden: worauf wir achten', array(
            'Nach langen Trockenperioden steigt der Widerstand des Erdreichs deutlich. Wir notieren deshalb Wetter und Bodenfeuchte im Protokoll und vergleichen mit früheren Messungen zur gleichen Jahreszeit.',
        )),
        array('potentialausgleich-schule', 'Potentialausgleich im Technikraum einer Schule', array(
            'Heizung, Wasser, Lüftung und Kabeltrassen laufen jetzt auf einer gemeinsamen Haupterdungsschiene zusammen. Jede Verbindung ist beschriftet, damit die nächste Prüfung schneller geht.',
        )),
    )),
    'ueberspannungsschutz' => array('Überspannungsschutz', array(
        array('blitzstromableiter-hausanschluss', 'Blitzstromableiter im Hausanschlusskasten', array(
            'Ein Typ-1-Ableiter gehört dorthin, wo die Leitungen ins Gebäude kommen. Wir erklären, wann ein Kombiableiter genügt und wann zwei Stufen nötig sind.',
        )),
        array('photovoltaik-bauernhof', 'Überspannungsschutz für die Photovoltaikanlage eines Bauernhofs', array(
            'Die Scheune trägt 90 kWp, der Wechselrichter hängt im Stall. Auf beiden Seiten der langen Gleichstromleitung sitzen jetzt Ableiter, die zur Anlagenspannung passen.',
            'Der Landwirt bekommt einmal im Jahr eine kurze Sichtprüfung mit Foto.',
        )),
        array('netzwerk-buerogebaeude', 'Datenleitungen schützen: das Netzwerk im Bürogebäude', array(
            'Nach einem Gewitter waren drei Switches defekt. Seitdem schützen Ableiter an den Gebäudeübergängen die Netzwerkleitungen, und die Schirmung ist sauber auf den Potentialausgleich gelegt.',
        )),
        array('wallbox-ueberspannung', 'Wallbox und Überspannungsschutz: was Bauherren wissen sollten', array(
            'Ladeeinrichtungen enthalten empfindliche Elektronik. Wir prüfen, ob der vorhandene Schutz im Zählerschrank reicht oder ob am Unterverteiler nachgerüstet werden muss.',
        )),
    )),
    'pruefung-wartung' => array('Prüfung und Wartung', array(
        array('wiederkehrende-pruefung-fristen', 'Wiederkehrende Prüfung: Fristen nach Schutzklasse', array(
            'Je nach Schutzklasse liegen zwischen zwei Prüfungen zwei bis vier Jahre, bei kritischen Anlagen auch weniger. Wir erinnern unsere Kunden rechtzeitig an den nächsten Termin.',
        )),
        array('sichtpruefung-nach-gewitter', 'Sichtprüfung nach einem schweren Gewitter', array(
            'Nach einem Einschlag lohnt sich ein Blick auf Fangstangen, Klemmen und Ableiter. Verfärbungen oder ausgelöste Anzeigen sind Hinweise, dass ein Teil getauscht werden sollte.',
            'Wir kommen in der Regel innerhalb einer Woche.',
        )),
        array('korrosion-ableitungen', 'Korrosion an Ableitungen: Befund und Sanierung', array(
            'An einer Lagerhalle waren verzinkte Leitungen im Übergang zum Erdreich durchgerostet. Wir haben die Übergänge mit Edelstahl erneuert und mit Korrosionsschutzband umwickelt.',
        )),
        array('pruefbericht-erklaert', 'Der Prüfbericht verständlich erklärt', array(
            'Messwerte, Mängel, Fotos: Unser Bericht beginnt mit einer Seite, die sagt, was zu tun ist und wie dringend. Die Einzelheiten folgen dahinter für den Sachverständigen.',
        )),
    )),
    'projekte' => array('Projekte', array(
        array('funkmast-wetterau', 'Funkmast in der Wetterau mit neuer Erdungsanlage', array(
            'Der 40 m hohe Mast stand auf felsigem Boden. Tiefenerder kamen nicht in Frage, also haben wir Strahlenerder in den Zufahrtsweg gelegt.',
        )),
        array('klaeranlage-faultuerme', 'Kläranlage: Blitzschutz für zwei Faultürme', array(
            'Wo Faulgas entsteht, sind Funken tabu. Die Fangeinrichtung auf den Türmen hält die Schutzabstände zu den Gasleitungen ein, die Ableitungen laufen außen an der Betonwand.',
            'Die Arbeiten fanden im laufenden Betrieb statt.',
        )),
        array('kindergarten-bruchkoebel', 'Kindergarten in Bruchköbel: vom Plan bis zur Abnahme', array(
            'Gründach, Holzfassade, viel Glas: Für den Neubau haben wir früh mit dem Architekten geplant, damit die Ableitungen hinter der Lattung verschwinden.',
        )),
        array('windenergieanlage-erdung', 'Windenergieanlage: die Erdung des Fundaments geprüft', array(
            'Vor der Inbetriebnahme haben wir die Verbindungen zwischen Fundamenterder, Turm und Trafostation gemessen. Alle Werte lagen deutlich unter den Vorgaben des Herstellers.',
        )),
    )),
    'unternehmen' => array('Unternehmen', array(
        array('neue-auszubildende', 'Zwei neue Auszubildende im Team', array(
            'Seit August lernen Lea und Jonas bei uns den Beruf der Elektronikerin und des Elektronikers. Die ersten Wochen verbrachten sie in der Werkstatt und auf einer Baustelle in Erlensee.',
        )),
        array('messfahrzeug', 'Ein neues Messfahrzeug für die Erdungsmessung', array(
            'Im Transporter stecken jetzt Kabeltrommeln, Messgerät und Erdspieße an festen Plätzen. Das spart auf der Baustelle eine halbe Stunde Aufbau.',
        )),
        array('baumesse-frankfurt', 'Wir auf der Baumesse in Frankfurt', array(
            'An unserem Stand zeigen wir ein Dachmodell mit Fangstangen und einen Schnitt durch einen Fundamenterder. Kommen Sie vorbei und bringen Sie Ihre Fragen mit.',
        )),
        array('weiterbildung-blitzschutzfachkraft', 'Weiterbildung zur Blitzschutzfachkraft abgeschlossen', array(
            'Drei Monteure haben die Prüfung bestanden. Damit dürfen mehr Kolleginnen und Kollegen Anlagen selbst prüfen und dokumentieren.',
        )),
    )),
);

// A rerun updates the posts without leaving revisions of them (a fresh site has none).
remove_action('post_updated', 'wp_save_post_revision');
$kept = array();
$index = 0;
foreach ($categories as $category_slug => list($category_name, $posts)) {
    $term = term_exists($category_slug, 'category');
    $term_id = (int) ($term ? $term['term_id'] : fail_on(wp_insert_term($category_name, 'category', array('slug' => $category_slug)))['term_id']);
    foreach ($posts as list($slug, $title, $paragraphs)) {
        $content = '';
        foreach ($paragraphs as $paragraph) {
            $content .= "<!-- wp:paragraph -->\n<p>" . esc_html($paragraph) . "</p>\n<!-- /wp:paragraph -->\n\n";
        }
        $existing = get_posts(array('name' => $slug, 'post_type' => 'post', 'post_status' => 'any', 'numberposts' => 1));
        $post = array(
            'post_type' => 'post',
            'post_status' => 'publish',
            'post_author' => $user_id,
            'post_name' => $slug,
            'post_title' => $title,
            'post_content' => trim($content),
            'post_category' => array($term_id),
            // One every 12 days from January 2026, spread over the categories, fixed so reruns agree.
            'post_date' => date('Y-m-d H:i:s', strtotime('2026-01-05 09:30:00') + (($index * 5) % 24) * 12 * 86400),
        );
        if ($existing) $post['ID'] = $existing[0]->ID;
        $id = fail_on(wp_insert_post(wp_slash($post), true));
        foreach (wp_get_post_revisions($id) as $revision) wp_delete_post_revision($revision);
        $kept[] = $id;
        $index++;
    }
}

// Only these 24 in the list: the sections page's references and WordPress's sample post go.
foreach (get_posts(array('post_type' => 'post', 'post_status' => 'any', 'numberposts' => -1, 'exclude' => $kept)) as $post) {
    wp_delete_post($post->ID, true);
}
// Categories left empty (the sections page's "Referenzen", WordPress's "Uncategorized" stays as the default).
foreach (get_terms(array('taxonomy' => 'category', 'hide_empty' => false)) as $term) {
    if ($term->count === 0 && (int) $term->term_id !== (int) get_option('default_category') && !isset($categories[$term->slug])) {
        wp_delete_term($term->term_id, 'category');
    }
}

$published = wp_count_posts('post')->publish;
echo "posts: $published published in " . count($categories) . " categories; user redaktion (id $user_id), 50 a page\n";
