import type { LibraryEntry } from '../fault-library.ts';

/** Inverter firmware and communication faults of the seeded library: [message, fix advice] per language. */
export const INVERTER_COMMUNICATION_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'INV-FW-MISMATCH',
    deviceType: 'INVERTER',
    alarmLevel: 'GENERAL',
    t: {
      'zh-CN': [
        '固件版本不匹配',
        '主控与通信板固件版本不一致；在固件升级页面将逆变器升级到厂家发布的最新配套版本。',
      ],
      'en-GB': [
        'Firmware version mismatch',
        'The control and communication boards run different firmware. Upgrade the inverter to the manufacturer’s latest matching release on the firmware upgrade page.',
      ],
      'de-DE': [
        'Firmware-Versionen passen nicht zusammen',
        'Steuer- und Kommunikationsplatine haben unterschiedliche Firmware. Den Wechselrichter auf der Seite Firmware-Upgrade auf die neueste passende Herstellerversion aktualisieren.',
      ],
      'it-IT': [
        'Versioni firmware non corrispondenti',
        'La scheda di controllo e quella di comunicazione hanno firmware diversi. Aggiornare l’inverter all’ultima versione compatibile del produttore dalla pagina di aggiornamento firmware.',
      ],
      'nl-NL': [
        'Firmwareversies komen niet overeen',
        'Besturings- en communicatiekaart draaien verschillende firmware. Werk de omvormer via de pagina firmware-upgrade bij naar de nieuwste bijpassende versie van de fabrikant.',
      ],
      'fr-FR': [
        'Versions de micrologiciel incohérentes',
        'Les cartes de commande et de communication ont des micrologiciels différents. Mettre l’onduleur à jour vers la dernière version compatible du fabricant depuis la page de mise à jour.',
      ],
      'es-ES': [
        'Versiones de firmware no coinciden',
        'Las placas de control y de comunicación tienen firmware distinto. Actualizar el inversor a la última versión compatible del fabricante en la página de actualización de firmware.',
      ],
      'pl-PL': [
        'Niezgodne wersje oprogramowania',
        'Płyta sterująca i komunikacyjna mają różne oprogramowanie. Zaktualizuj falownik do najnowszej zgodnej wersji producenta na stronie aktualizacji oprogramowania.',
      ],
    },
  },
  {
    faultCode: 'INV-COMM-LOST',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '逆变器通信中断（无数据）',
        '确认逆变器是否有电（夜间无光伏的机型会休眠）；检查数据采集器与逆变器之间的 RS485 接线和通信地址。',
      ],
      'en-GB': [
        'Inverter communication lost (no data)',
        'Check that the inverter is powered (some models sleep at night). Check the RS485 wiring and the communication address between the dongle and the inverter.',
      ],
      'de-DE': [
        'Kommunikation mit Wechselrichter verloren (keine Daten)',
        'Prüfen, ob der Wechselrichter Spannung hat (manche Modelle schlafen nachts). RS485-Verdrahtung und Kommunikationsadresse zwischen Dongle und Wechselrichter prüfen.',
      ],
      'it-IT': [
        'Comunicazione con l’inverter persa (nessun dato)',
        'Verificare che l’inverter sia alimentato (alcuni modelli dormono di notte). Controllare il cablaggio RS485 e l’indirizzo di comunicazione tra dongle e inverter.',
      ],
      'nl-NL': [
        'Communicatie met omvormer verloren (geen data)',
        'Controleer of de omvormer spanning heeft (sommige modellen slapen ’s nachts). Controleer de RS485-bedrading en het communicatieadres tussen dongle en omvormer.',
      ],
      'fr-FR': [
        'Communication avec l’onduleur perdue (aucune donnée)',
        'Vérifier que l’onduleur est alimenté (certains modèles dorment la nuit). Contrôler le câblage RS485 et l’adresse de communication entre le dongle et l’onduleur.',
      ],
      'es-ES': [
        'Comunicación con el inversor perdida (sin datos)',
        'Comprobar que el inversor tiene alimentación (algunos modelos duermen por la noche). Revisar el cableado RS485 y la dirección de comunicación entre el dongle y el inversor.',
      ],
      'pl-PL': [
        'Utracona komunikacja z falownikiem (brak danych)',
        'Sprawdź, czy falownik jest zasilany (niektóre modele usypiają w nocy). Sprawdź okablowanie RS485 i adres komunikacyjny między donglem a falownikiem.',
      ],
    },
  },
];
