import type { LibraryEntry } from '../fault-library.ts';

/** Inverter PV/DC-side and internal hardware protection faults of the seeded library: [message, fix advice] per language. */
export const INVERTER_DC_HARDWARE_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'INV-ISO',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '绝缘阻抗过低',
        '断开直流开关，逐串测量组串正负极对地绝缘电阻；检查组件接线盒、MC4 接头和线缆是否受潮或破损。雨后出现并在干燥后消失通常是接头进水。',
      ],
      'en-GB': [
        'Insulation resistance low',
        'Open the DC switch and measure each string’s insulation to earth (plus and minus). Look for wet or damaged MC4 connectors, junction boxes and cables. If it appears after rain and clears when dry, a connector is taking in water.',
      ],
      'de-DE': [
        'Isolationswiderstand zu niedrig',
        'DC-Schalter öffnen und je String den Isolationswiderstand gegen Erde (Plus und Minus) messen. Feuchte oder beschädigte MC4-Stecker, Anschlussdosen und Leitungen suchen. Tritt der Fehler nach Regen auf und verschwindet bei Trockenheit, zieht ein Stecker Wasser.',
      ],
      'it-IT': [
        'Resistenza di isolamento bassa',
        'Aprire il sezionatore DC e misurare l’isolamento verso terra di ogni stringa (positivo e negativo). Cercare connettori MC4, scatole di giunzione e cavi bagnati o danneggiati. Se compare dopo la pioggia e sparisce con il secco, un connettore assorbe acqua.',
      ],
      'nl-NL': [
        'Isolatieweerstand te laag',
        'Open de DC-schakelaar en meet per string de isolatie naar aarde (plus en min). Zoek naar natte of beschadigde MC4-connectoren, aansluitdozen en kabels. Komt het na regen en verdwijnt het bij droog weer, dan trekt een connector water.',
      ],
      'fr-FR': [
        'Résistance d’isolement faible',
        'Ouvrir le sectionneur DC et mesurer l’isolement à la terre de chaque chaîne (plus et moins). Chercher des connecteurs MC4, boîtes de jonction ou câbles humides ou endommagés. Si le défaut apparaît après la pluie et disparaît au sec, un connecteur prend l’eau.',
      ],
      'es-ES': [
        'Resistencia de aislamiento baja',
        'Abrir el seccionador de CC y medir el aislamiento a tierra de cada string (positivo y negativo). Buscar conectores MC4, cajas de conexión o cables húmedos o dañados. Si aparece tras la lluvia y desaparece en seco, un conector está entrando agua.',
      ],
      'pl-PL': [
        'Zbyt niska rezystancja izolacji',
        'Otwórz rozłącznik DC i zmierz izolację każdego łańcucha względem ziemi (plus i minus). Szukaj wilgotnych lub uszkodzonych złączy MC4, puszek przyłączeniowych i kabli. Jeśli błąd pojawia się po deszczu i znika po wyschnięciu, do złącza dostaje się woda.',
      ],
    },
  },
  {
    faultCode: 'INV-RCD',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '漏电流过大',
        '检查直流侧线缆和组件是否有破损或对地短路；测量各组串绝缘电阻。若反复出现，请勿复位，联系厂家服务。',
      ],
      'en-GB': [
        'Residual current too high',
        'Inspect DC cables and modules for damage or a short to earth and measure the insulation of each string. If it keeps coming back, do not keep resetting: contact the manufacturer’s service.',
      ],
      'de-DE': [
        'Fehlerstrom zu hoch',
        'DC-Leitungen und Module auf Beschädigung oder Erdschluss prüfen und die Isolation je String messen. Tritt er wiederholt auf, nicht ständig zurücksetzen, sondern den Herstellerservice kontaktieren.',
      ],
      'it-IT': [
        'Corrente residua troppo alta',
        'Ispezionare cavi DC e moduli per danni o dispersioni verso terra e misurare l’isolamento di ogni stringa. Se si ripete, non continuare a resettare: contattare l’assistenza del produttore.',
      ],
      'nl-NL': [
        'Lekstroom te hoog',
        'Controleer DC-kabels en panelen op schade of aardsluiting en meet de isolatie per string. Komt het steeds terug, blijf dan niet resetten maar neem contact op met de service van de fabrikant.',
      ],
      'fr-FR': [
        'Courant résiduel trop élevé',
        'Inspecter les câbles DC et les modules (dommages, défaut à la terre) et mesurer l’isolement de chaque chaîne. Si le défaut revient, ne pas réarmer en boucle : contacter le service du fabricant.',
      ],
      'es-ES': [
        'Corriente residual demasiado alta',
        'Revisar cables de CC y módulos en busca de daños o derivaciones a tierra y medir el aislamiento de cada string. Si se repite, no rearmar una y otra vez: contactar con el servicio del fabricante.',
      ],
      'pl-PL': [
        'Zbyt wysoki prąd upływu',
        'Sprawdź kable DC i moduły pod kątem uszkodzeń lub zwarcia do ziemi i zmierz izolację każdego łańcucha. Jeśli błąd wraca, nie resetuj wielokrotnie — skontaktuj się z serwisem producenta.',
      ],
    },
  },
  {
    faultCode: 'INV-OT',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '逆变器过温（降额运行）',
        '确保逆变器周围通风间距符合手册要求、避免阳光直射；清理散热片和进风口的灰尘。',
      ],
      'en-GB': [
        'Inverter over-temperature (derating)',
        'Keep the clearances from the manual around the inverter and avoid direct sun. Clean dust from the heat sink and air inlets.',
      ],
      'de-DE': [
        'Übertemperatur Wechselrichter (Leistungsreduzierung)',
        'Mindestabstände laut Handbuch einhalten und direkte Sonneneinstrahlung vermeiden. Kühlkörper und Lufteinlässe von Staub reinigen.',
      ],
      'it-IT': [
        'Sovratemperatura inverter (riduzione di potenza)',
        'Rispettare le distanze indicate nel manuale ed evitare il sole diretto. Pulire dalla polvere dissipatore e prese d’aria.',
      ],
      'nl-NL': [
        'Omvormer te warm (vermogensreductie)',
        'Houd de vrije ruimte uit de handleiding rond de omvormer aan en vermijd direct zonlicht. Maak koellichaam en luchtinlaten stofvrij.',
      ],
      'fr-FR': [
        'Surchauffe de l’onduleur (bridage)',
        'Respecter les dégagements du manuel autour de l’onduleur et éviter le soleil direct. Dépoussiérer le dissipateur et les entrées d’air.',
      ],
      'es-ES': [
        'Sobretemperatura del inversor (reducción de potencia)',
        'Respetar las distancias del manual alrededor del inversor y evitar el sol directo. Limpiar el polvo del disipador y de las entradas de aire.',
      ],
      'pl-PL': [
        'Przegrzanie falownika (ograniczenie mocy)',
        'Zachowaj odstępy z instrukcji wokół falownika i unikaj bezpośredniego słońca. Oczyść radiator i wloty powietrza z kurzu.',
      ],
    },
  },
  {
    faultCode: 'INV-DC-OV',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '直流输入过压',
        '立即断开直流开关。核对组串组件数量：最低环境温度下的开路电压不得超过逆变器最大输入电压。',
      ],
      'en-GB': [
        'PV DC over-voltage',
        'Open the DC switch at once. Check the number of modules per string: the open-circuit voltage at the lowest site temperature must stay below the inverter’s maximum input voltage.',
      ],
      'de-DE': [
        'DC-Überspannung PV',
        'DC-Schalter sofort öffnen. Modulanzahl je String prüfen: Die Leerlaufspannung bei der tiefsten Standorttemperatur muss unter der maximalen Eingangsspannung des Wechselrichters bleiben.',
      ],
      'it-IT': [
        'Sovratensione DC fotovoltaico',
        'Aprire subito il sezionatore DC. Verificare il numero di moduli per stringa: la tensione a vuoto alla temperatura minima del sito deve restare sotto la tensione massima di ingresso dell’inverter.',
      ],
      'nl-NL': [
        'DC-overspanning PV',
        'Open direct de DC-schakelaar. Controleer het aantal panelen per string: de nullastspanning bij de laagste locatietemperatuur moet onder de maximale ingangsspanning van de omvormer blijven.',
      ],
      'fr-FR': [
        'Surtension DC photovoltaïque',
        'Ouvrir immédiatement le sectionneur DC. Vérifier le nombre de modules par chaîne : la tension à vide à la température minimale du site doit rester sous la tension d’entrée maximale de l’onduleur.',
      ],
      'es-ES': [
        'Sobretensión de CC fotovoltaica',
        'Abrir inmediatamente el seccionador de CC. Revisar el número de módulos por string: la tensión en circuito abierto a la temperatura mínima del lugar debe quedar por debajo de la tensión máxima de entrada del inversor.',
      ],
      'pl-PL': [
        'Przepięcie DC instalacji PV',
        'Natychmiast otwórz rozłącznik DC. Sprawdź liczbę modułów w łańcuchu: napięcie jałowe przy najniższej temperaturze w lokalizacji musi być niższe od maksymalnego napięcia wejściowego falownika.',
      ],
    },
  },
  {
    faultCode: 'INV-FAN',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': ['风扇故障', '断电后检查风扇是否被异物卡住、插头是否松动；风扇损坏时按手册更换。'],
      'en-GB': [
        'Fan failure',
        'With the inverter switched off, check the fan for blockages and a loose connector. Replace a broken fan as the manual describes.',
      ],
      'de-DE': [
        'Lüfterfehler',
        'Bei ausgeschaltetem Wechselrichter den Lüfter auf Blockierung und lockeren Stecker prüfen. Einen defekten Lüfter laut Handbuch tauschen.',
      ],
      'it-IT': [
        'Guasto ventola',
        'Con l’inverter spento, verificare che la ventola non sia bloccata e che il connettore sia inserito. Sostituire la ventola guasta come indicato nel manuale.',
      ],
      'nl-NL': [
        'Ventilatorstoring',
        'Controleer bij uitgeschakelde omvormer of de ventilator niet geblokkeerd is en de stekker vastzit. Vervang een defecte ventilator volgens de handleiding.',
      ],
      'fr-FR': [
        'Défaut ventilateur',
        'Onduleur hors tension, vérifier que le ventilateur n’est pas bloqué et que son connecteur est bien enfiché. Remplacer un ventilateur défectueux selon le manuel.',
      ],
      'es-ES': [
        'Fallo del ventilador',
        'Con el inversor apagado, comprobar que el ventilador no está bloqueado y que el conector está bien. Sustituir el ventilador averiado según el manual.',
      ],
      'pl-PL': [
        'Awaria wentylatora',
        'Przy wyłączonym falowniku sprawdź, czy wentylator nie jest zablokowany, a wtyczka dobrze osadzona. Uszkodzony wentylator wymień zgodnie z instrukcją.',
      ],
    },
  },
  {
    faultCode: 'INV-ARC',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '检测到直流电弧',
        '断开直流开关后逐一检查 MC4 接头、端子和线缆是否烧蚀或接触不良；修复后在逆变器上手动清除电弧故障。',
      ],
      'en-GB': [
        'DC arc fault detected',
        'Open the DC switch and inspect every MC4 connector, terminal and cable for burn marks or poor contact. After the repair, clear the arc fault manually on the inverter.',
      ],
      'de-DE': [
        'DC-Lichtbogen erkannt',
        'DC-Schalter öffnen und alle MC4-Stecker, Klemmen und Leitungen auf Schmorspuren oder schlechten Kontakt prüfen. Nach der Reparatur den Lichtbogenfehler am Wechselrichter manuell quittieren.',
      ],
      'it-IT': [
        'Arco elettrico DC rilevato',
        'Aprire il sezionatore DC e ispezionare ogni connettore MC4, morsetto e cavo per bruciature o contatti difettosi. Dopo la riparazione, azzerare manualmente il guasto d’arco sull’inverter.',
      ],
      'nl-NL': [
        'DC-vlamboog gedetecteerd',
        'Open de DC-schakelaar en controleer elke MC4-connector, klem en kabel op brandplekken of slecht contact. Reset na de reparatie de boogfout handmatig op de omvormer.',
      ],
      'fr-FR': [
        'Arc électrique DC détecté',
        'Ouvrir le sectionneur DC et contrôler chaque connecteur MC4, borne et câble (traces de brûlure, mauvais contact). Après réparation, acquitter manuellement le défaut d’arc sur l’onduleur.',
      ],
      'es-ES': [
        'Arco eléctrico de CC detectado',
        'Abrir el seccionador de CC y revisar cada conector MC4, borne y cable en busca de quemaduras o mal contacto. Tras la reparación, borrar manualmente el fallo de arco en el inversor.',
      ],
      'pl-PL': [
        'Wykryto łuk elektryczny DC',
        'Otwórz rozłącznik DC i sprawdź każde złącze MC4, zacisk i kabel pod kątem nadpaleń lub złego styku. Po naprawie ręcznie skasuj błąd łuku na falowniku.',
      ],
    },
  },
  {
    faultCode: 'INV-PV-REV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': ['组串极性反接', '断开直流开关，用万用表确认组串正负极，按正确极性重新连接。'],
      'en-GB': [
        'PV string reverse polarity',
        'Open the DC switch, check the string polarity with a multimeter and reconnect plus and minus correctly.',
      ],
      'de-DE': [
        'String verpolt',
        'DC-Schalter öffnen, die Polarität des Strings mit dem Multimeter prüfen und Plus und Minus richtig anschließen.',
      ],
      'it-IT': [
        'Polarità stringa invertita',
        'Aprire il sezionatore DC, verificare la polarità della stringa con il multimetro e ricollegare correttamente positivo e negativo.',
      ],
      'nl-NL': [
        'String omgepoold',
        'Open de DC-schakelaar, controleer de polariteit van de string met een multimeter en sluit plus en min correct aan.',
      ],
      'fr-FR': [
        'Polarité de chaîne inversée',
        'Ouvrir le sectionneur DC, vérifier la polarité de la chaîne au multimètre et reconnecter correctement le plus et le moins.',
      ],
      'es-ES': [
        'Polaridad del string invertida',
        'Abrir el seccionador de CC, comprobar la polaridad del string con un multímetro y reconectar correctamente positivo y negativo.',
      ],
      'pl-PL': [
        'Odwrócona polaryzacja łańcucha',
        'Otwórz rozłącznik DC, sprawdź multimetrem polaryzację łańcucha i podłącz poprawnie plus i minus.',
      ],
    },
  },
  {
    faultCode: 'INV-RELAY',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '并网继电器自检失败',
        '检查交流接线（尤其是中性线）是否正确可靠；重启逆变器，若仍失败需联系厂家更换。',
      ],
      'en-GB': [
        'Grid relay self-test failed',
        'Check that the AC wiring, especially neutral, is correct and tight. Restart the inverter; if the test still fails, the manufacturer has to replace the unit.',
      ],
      'de-DE': [
        'Selbsttest Netzrelais fehlgeschlagen',
        'AC-Verdrahtung, besonders den Neutralleiter, auf Richtigkeit und festen Sitz prüfen. Wechselrichter neu starten; schlägt der Test weiter fehl, muss der Hersteller das Gerät tauschen.',
      ],
      'it-IT': [
        'Autotest relè di rete fallito',
        'Verificare che il cablaggio AC, in particolare il neutro, sia corretto e serrato. Riavviare l’inverter; se il test fallisce ancora, il produttore deve sostituire l’apparecchio.',
      ],
      'nl-NL': [
        'Zelftest netrelais mislukt',
        'Controleer of de AC-bedrading, vooral de nul, juist en vast is. Herstart de omvormer; faalt de test nog steeds, dan moet de fabrikant het toestel vervangen.',
      ],
      'fr-FR': [
        'Échec de l’autotest du relais réseau',
        'Vérifier que le câblage AC, surtout le neutre, est correct et serré. Redémarrer l’onduleur ; si le test échoue toujours, le fabricant doit remplacer l’appareil.',
      ],
      'es-ES': [
        'Fallo del autotest del relé de red',
        'Comprobar que el cableado de CA, sobre todo el neutro, es correcto y está apretado. Reiniciar el inversor; si el test sigue fallando, el fabricante debe sustituir el equipo.',
      ],
      'pl-PL': [
        'Nieudany autotest przekaźnika sieciowego',
        'Sprawdź poprawność i dokręcenie okablowania AC, zwłaszcza przewodu neutralnego. Uruchom ponownie falownik; jeśli test nadal się nie udaje, producent musi wymienić urządzenie.',
      ],
    },
  },
  {
    faultCode: 'INV-DCI',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': ['直流分量过高', '重启逆变器；若反复出现，说明内部电流传感器可能异常，请联系厂家服务。'],
      'en-GB': [
        'DC injection too high',
        'Restart the inverter. If it keeps happening, an internal current sensor is probably faulty: contact the manufacturer’s service.',
      ],
      'de-DE': [
        'DC-Einspeisung zu hoch',
        'Wechselrichter neu starten. Tritt es wiederholt auf, ist vermutlich ein interner Stromsensor defekt: Herstellerservice kontaktieren.',
      ],
      'it-IT': [
        'Iniezione DC troppo alta',
        'Riavviare l’inverter. Se si ripete, un sensore di corrente interno è probabilmente guasto: contattare l’assistenza del produttore.',
      ],
      'nl-NL': [
        'DC-injectie te hoog',
        'Herstart de omvormer. Blijft het gebeuren, dan is waarschijnlijk een interne stroomsensor defect: neem contact op met de service van de fabrikant.',
      ],
      'fr-FR': [
        'Injection de courant continu trop élevée',
        'Redémarrer l’onduleur. Si cela se répète, un capteur de courant interne est probablement défectueux : contacter le service du fabricant.',
      ],
      'es-ES': [
        'Inyección de CC demasiado alta',
        'Reiniciar el inversor. Si se repite, probablemente un sensor de corriente interno está averiado: contactar con el servicio del fabricante.',
      ],
      'pl-PL': [
        'Zbyt duża składowa stała prądu',
        'Uruchom ponownie falownik. Jeśli błąd się powtarza, prawdopodobnie uszkodzony jest wewnętrzny czujnik prądu: skontaktuj się z serwisem producenta.',
      ],
    },
  },
  {
    faultCode: 'INV-BUS-OV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': ['直流母线过压', '检查组串开路电压和电网电压是否在范围内；重启逆变器，若反复出现请联系厂家。'],
      'en-GB': [
        'DC bus over-voltage',
        'Check that string open-circuit voltages and grid voltage are within range. Restart the inverter and contact the manufacturer if it recurs.',
      ],
      'de-DE': [
        'Überspannung Zwischenkreis',
        'Prüfen, ob Leerlaufspannungen der Strings und Netzspannung im zulässigen Bereich liegen. Wechselrichter neu starten, bei Wiederholung den Hersteller kontaktieren.',
      ],
      'it-IT': [
        'Sovratensione bus DC',
        'Verificare che le tensioni a vuoto delle stringhe e la tensione di rete siano nei limiti. Riavviare l’inverter e contattare il produttore se si ripete.',
      ],
      'nl-NL': [
        'Overspanning DC-tussenkring',
        'Controleer of de nullastspanningen van de strings en de netspanning binnen bereik liggen. Herstart de omvormer en neem bij herhaling contact op met de fabrikant.',
      ],
      'fr-FR': [
        'Surtension du bus DC',
        'Vérifier que les tensions à vide des chaînes et la tension réseau sont dans la plage admise. Redémarrer l’onduleur et contacter le fabricant si cela se répète.',
      ],
      'es-ES': [
        'Sobretensión del bus de CC',
        'Comprobar que las tensiones en circuito abierto de los strings y la tensión de red están dentro del rango. Reiniciar el inversor y contactar con el fabricante si se repite.',
      ],
      'pl-PL': [
        'Przepięcie szyny DC',
        'Sprawdź, czy napięcia jałowe łańcuchów i napięcie sieci mieszczą się w zakresie. Uruchom ponownie falownik, a przy powtórzeniu skontaktuj się z producentem.',
      ],
    },
  },
  {
    faultCode: 'INV-PV-LOW',
    deviceType: 'INVERTER',
    alarmLevel: 'INFO',
    t: {
      'zh-CN': [
        '光伏输入电压低',
        '清晨、傍晚或阴天属正常现象；白天晴天仍出现时，检查组串是否断路、熔丝是否熔断、组件是否被遮挡。',
      ],
      'en-GB': [
        'PV input voltage low',
        'Normal at dawn, dusk or under heavy cloud. If it shows on a sunny day, check for an open string, a blown fuse or shaded modules.',
      ],
      'de-DE': [
        'PV-Eingangsspannung niedrig',
        'Morgens, abends oder bei starker Bewölkung normal. Tritt es bei Sonne auf, auf unterbrochenen String, defekte Sicherung oder verschattete Module prüfen.',
      ],
      'it-IT': [
        'Tensione di ingresso FV bassa',
        'Normale all’alba, al tramonto o con cielo molto nuvoloso. Se compare con il sole, verificare stringhe interrotte, fusibili bruciati o moduli ombreggiati.',
      ],
      'nl-NL': [
        'PV-ingangsspanning laag',
        'Normaal bij zonsopgang, zonsondergang of zware bewolking. Verschijnt het bij zon, controleer dan op een onderbroken string, een doorgebrande zekering of beschaduwde panelen.',
      ],
      'fr-FR': [
        'Tension d’entrée PV basse',
        'Normal à l’aube, au crépuscule ou par ciel très couvert. Si cela apparaît par beau temps, chercher une chaîne ouverte, un fusible fondu ou des modules ombragés.',
      ],
      'es-ES': [
        'Tensión de entrada FV baja',
        'Normal al amanecer, al atardecer o con mucha nubosidad. Si aparece con sol, buscar un string abierto, un fusible fundido o módulos sombreados.',
      ],
      'pl-PL': [
        'Niskie napięcie wejściowe PV',
        'Normalne o świcie, o zmierzchu lub przy dużym zachmurzeniu. Jeśli pojawia się w słoneczny dzień, szukaj przerwanego łańcucha, przepalonego bezpiecznika lub zacienionych modułów.',
      ],
    },
  },
];
